import { defaultRoleLabel } from '../../domain/roles';
import { resourceLabel } from '../pages/permissions/labels';

const SCOPES: Record<string, string> = { all: 'All', assigned: 'Assigned' };

const actions = (value: unknown) => (Array.isArray(value) && value.length ? value.join(', ') : 'none');
const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
const scope = (value: unknown) => SCOPES[String(value ?? 'all')] ?? String(value);
const named = (value: unknown) => (typeof value === 'string' && value ? `'${value}'` : 'none');

/**
 * One changed path of the access policy in words (the API records a permissions change as the paths that changed):
 * 'grants.warehouse-user.cities' [null, ['list']] → 'Warehouse User: Cities none → list'; 'signIn.seller' → 'Seller: may
 * sign in No → Yes'; 'scope.warehouse-user.inventory' → '…: Inventory scope All → Assigned'; 'labels.packer' → the role's
 * name. Any other path is said as it is, so an entry of a policy shape added later stays readable.
 */
export function policyChangeText(path: string, before: unknown, after: unknown): string {
  const [section, role = '', resource = ''] = path.split('.');
  const who = defaultRoleLabel(role);
  switch (section) {
    case 'grants':
      return `${who}: ${resourceLabel(resource).label} ${actions(before)} → ${actions(after)}`;
    case 'signIn':
      return `${who}: may sign in ${yesNo(before)} → ${yesNo(after)}`;
    case 'scope':
      return `${who}: ${resourceLabel(resource).label} scope ${scope(before)} → ${scope(after)}`;
    case 'labels':
      return `Role ${role}: name ${named(before)} → ${named(after)}`;
    default:
      return `${path} ${JSON.stringify(before ?? null)} → ${JSON.stringify(after ?? null)}`;
  }
}
