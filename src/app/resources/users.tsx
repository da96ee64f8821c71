import { TeamOutlined } from '@ant-design/icons';
import i18next from 'i18next';
import { translateText } from '../../domain/i18n/translations';
import { DEFAULT_LANGUAGE, languageOfTag } from '../../domain/i18n/languages';
import { userFullName, userRoleLabel, usersResource } from '../../domain/resources/users';
import { formatDateTime } from '../crud/cells';
import type { SpaPart } from '../declared/declared';
import { choiceTag } from '../declared/declared-values';
import { useT } from '../i18n/use-t';
import type { ApiRecord, ShowDeclaration } from './types';

type User = { firstname?: string; lastname?: string; email?: string; role: string; role_label?: string; status: string };
const user = (r: ApiRecord) => r as User;

const roleLabel = userRoleLabel;
const fullName = userFullName;
/** The language the SPA shows (i18next's, set up by src/app/i18n/i18n.ts), for a text built outside a component. */
const shownLanguage = () => languageOfTag(i18next.language ?? '') ?? DEFAULT_LANGUAGE;
/** A built-in role's label in the user's language ('एडमिन'); a label an admin gave a role of their own stays as typed. */
function RoleLabel({ user }: { user: ApiRecord }) {
  const { tx } = useT();
  return <>{tx(roleLabel(user))}</>;
}
const shown = (key: string) => (r: ApiRecord) => (typeof r[key] === 'string' && r[key] ? (r[key] as string) : '—');

/** A user's page: who they are, and for a seller the purchase orders placed with them (issue 31). */
const userPage: ShowDeclaration = {
  title: (u) => `${translateText(roleLabel(u), shownLanguage())} ${fullName(u)}`.trim(),
  items: [
    { key: 'name', label: 'Name', render: fullName },
    { key: 'email', label: 'Email', render: shown('email') },
    { key: 'phonenumber', label: 'Phone Number', render: shown('phonenumber') },
    { key: 'role', label: 'Role', render: (u) => <RoleLabel user={u} /> },
    { key: 'status', label: 'Status', render: (u) => choiceTag(usersResource.fields.status, u.status) },
    { key: 'city', label: 'City', render: shown('city') },
    { key: 'address', label: 'Address', render: shown('address') },
    { key: 'gst_no', label: 'GST Number', render: shown('gst_no') },
    { key: 'created', label: 'Created', render: (u) => formatDateTime(u.created) },
  ],
  lines: [],
  related: [{ resource: 'purchase-orders', field: 'seller_id', title: 'Purchase Orders', when: (u) => user(u).role === 'seller' }],
};

/**
 * User Listing: the shared declaration, with what the SPA does its own way: the Name column (first and last name),
 * the role's label (the CSV's, like the status's label, is the declaration's), the search box's suggestions from /users/autocomplete, and a
 * user's page (a seller's purchase orders), opened from the Name.
 */
export default {
  menuOrder: 20,
  icon: <TeamOutlined />,
  routes: { ...usersResource.screens, show: '/users/show/:id' },
  show: userPage,
  cells: {
    firstname: { key: 'name', render: fullName },
    role: { render: (u) => <RoleLabel user={u} />, sort: 'role' },
  },
  list: {
    search: {
      path: 'users/autocomplete',
      param: 'query',
      listKey: 'data',
      label: (u) => `${fullName(u)} (${user(u).email})`,
    },
  },
  form: {
    // SPEC.md section 5: a saved user goes back to the list, though users have a page of their own.
    redirect: 'list',
    // SPEC.md section 8: a record without both a first name and an e-mail cannot be edited sensibly.
    recordProblem: (u) => (!u.firstname && !u.email ? 'User data is missing or incomplete.' : null),
  },
} satisfies SpaPart;
