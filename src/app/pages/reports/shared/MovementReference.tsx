import { useCan } from '@refinedev/core';
import { Link } from 'react-router';
import { purchaseOrdersResource } from '../../../../domain/resources/purchase-orders';
import { useWarehouseScope } from '../../../access/use-warehouse-scope';
import { useT } from '../../../i18n/use-t';

/** What a ledger row says about the document it belongs to, and the warehouse it moved stock in. */
export type Referenced = { reference_type?: string | null; reference_id: string | null; purchase_order_id?: string | null; warehouse_id?: string };

/**
 * Where a movement's reference opens: its transfer (referenced by id), or its purchase order, whose id the API adds
 * only for a caller who may open purchase orders (the row references the order by its number).
 */
export function referenceLink(m: Referenced): string | null {
  if (m.reference_type === 'transfer' && m.reference_id) return `/transfers/${encodeURIComponent(m.reference_id)}`;
  const orderPage = purchaseOrdersResource.screens?.show;
  if (m.reference_type === 'purchase_order' && m.purchase_order_id && orderPage) return orderPage.replace(':id', encodeURIComponent(m.purchase_order_id));
  return null;
}

/**
 * Whether the signed-in user may open the document a movement references: its page's permission, and where their role
 * sees only their assigned warehouses on it, the movement's warehouse among them (a purchase order's receipts and
 * returns are in its own warehouse; a transfer's in one of its two). Otherwise the page would answer 403 or 404.
 */
function useCanOpen(m: Referenced): boolean {
  const resource = m.reference_type === 'transfer' ? 'transfers' : 'purchase-orders';
  const can = useCan({ resource, action: 'show' }).data?.can === true;
  const scope = useWarehouseScope(resource);
  return can && (scope === null || scope.some((w) => w._id === m.warehouse_id));
}

/** A movement's reference as text, a link where it opens a document the user may open. */
export function MovementReference({ movement }: { movement: Referenced }) {
  const to = referenceLink(movement);
  const canOpen = useCanOpen(movement);
  const { t } = useT();
  const text = movement.reference_type === 'transfer' ? t('reports.transfer') : (movement.reference_id ?? '');
  return to && canOpen ? <Link to={to}>{text}</Link> : <>{text}</>;
}
