import { Link } from 'react-router';
import { purchaseOrdersResource } from '../../../../domain/resources/purchase-orders';

/** What a ledger row says about the document it belongs to. */
export type Referenced = { reference_type?: string | null; reference_id: string | null; purchase_order_id?: string | null };

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

/** A movement's reference as text, a link where it opens a document. */
export function MovementReference({ movement }: { movement: Referenced }) {
  const to = referenceLink(movement);
  const text = movement.reference_type === 'transfer' ? 'Transfer' : (movement.reference_id ?? '');
  return to ? <Link to={to}>{text}</Link> : <>{text}</>;
}
