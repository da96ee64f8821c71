import { defaultRoleLabel } from '../../domain/roles';
import { asIs, type Tx } from '../crud/texts';
import { resourceLabel } from '../pages/permissions/labels';

const SCOPES: Record<string, string> = { all: 'All', assigned: 'Assigned' };
/** No actions, or no name. */
const NONE = 'none';

const actions = (value: unknown, tx: Tx) => (Array.isArray(value) && value.length ? value.join(', ') : tx(NONE));
const yesNo = (value: unknown, tx: Tx) => tx(value ? 'Yes' : 'No');
const scope = (value: unknown, tx: Tx) => {
  const words = SCOPES[String(value ?? 'all')];
  return words ? tx(words) : String(value);
};
const named = (value: unknown, tx: Tx) => (typeof value === 'string' && value ? `'${value}'` : tx(NONE));

/**
 * One changed path of the access policy in words (the API records a permissions change as the paths that changed):
 * 'grants.warehouse-user.cities' [null, ['list']] → 'Warehouse User: Cities none → list'; 'signIn.seller' → 'Seller: may
 * sign in No → Yes'; 'scope.warehouse-user.inventory' → '…: Inventory scope All → Assigned'; 'labels.packer' → the role's
 * name. Any other path is said as it is, so an entry of a policy shape added later stays readable. Its words of ours in
 * the user's language through `tx`: the values first, then the sentence (a template whose values stay as given).
 */
export function policyChangeText(path: string, before: unknown, after: unknown, tx: Tx = asIs): string {
  const [section, role = '', resource = ''] = path.split('.');
  const who = defaultRoleLabel(role);
  switch (section) {
    case 'grants':
      return `${tx(who)}: ${tx(resourceLabel(resource).label)} ${actions(before, tx)} → ${actions(after, tx)}`;
    case 'signIn':
      return tx(`${who}: may sign in ${yesNo(before, tx)} → ${yesNo(after, tx)}`);
    case 'scope':
      return tx(`${who}: ${resourceLabel(resource).label} scope ${scope(before, tx)} → ${scope(after, tx)}`);
    case 'labels':
      return tx(`Role ${role}: name ${named(before, tx)} → ${named(after, tx)}`);
    default:
      return `${path} ${JSON.stringify(before ?? null)} → ${JSON.stringify(after ?? null)}`;
  }
}
