import { TeamOutlined } from '@ant-design/icons';
import { USER_STATUS_LABELS, defaultRoleLabel, type UserStatus } from '../../domain/roles';
import type { SpaPart } from '../declared/declared';
import type { ApiRecord } from './types';

type User = { firstname?: string; lastname?: string; email?: string; role: string; role_label?: string; status: string };
const user = (r: ApiRecord) => r as User;

const statusLabel = (r: ApiRecord) => USER_STATUS_LABELS[user(r).status as UserStatus] ?? user(r).status;
/** The role as the admin labelled it (the API's role_label), else SPEC.md's label. */
const roleLabel = (r: ApiRecord) => user(r).role_label || defaultRoleLabel(user(r).role);
const fullName = (r: ApiRecord) => [user(r).firstname, user(r).lastname].filter(Boolean).join(' ');

/**
 * User Listing: the shared declaration, with what the SPA does its own way: the Name column (first and last name),
 * the role's label, the status's label in the CSV, the search box's suggestions from /users/autocomplete.
 */
export default {
  menuOrder: 20,
  icon: <TeamOutlined />,
  cells: {
    firstname: { key: 'name', render: fullName, exportValue: fullName },
    role: { render: roleLabel, exportValue: roleLabel, sort: 'role' },
    status: { exportValue: statusLabel },
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
    // SPEC.md section 8: a record without both a first name and an e-mail cannot be edited sensibly.
    recordProblem: (u) => (!u.firstname && !u.email ? 'User data is missing or incomplete.' : null),
  },
} satisfies SpaPart;
