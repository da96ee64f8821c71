import { TeamOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { USER_STATUS_LABELS, USER_STATUSES, defaultRoleLabel, type UserStatus } from '../../domain/roles';
import { userCreateSchema, userUpdateSchema } from '../../domain/schemas/user';
import { formatDate } from '../crud/cells';
import { defineList, type ResourceDeclaration } from './types';

type User = {
  id: string; firstname: string; lastname: string; email: string; role: string; role_label?: string; status: string; created: string; modified: string;
};

const STATUS_COLOURS: Record<UserStatus, string> = { active: 'green', inactive: 'default', notverified: 'orange' };
const statusLabel = (status: string) => USER_STATUS_LABELS[status as UserStatus] ?? status;
/** The role as the admin labelled it (the API's role_label), else SPEC.md's label. */
const roleLabel = (u: Pick<User, 'role' | 'role_label'>) => u.role_label || defaultRoleLabel(u.role);
const fullName = (u: Pick<User, 'firstname' | 'lastname'>) => [u.firstname, u.lastname].filter(Boolean).join(' ');

export const users: ResourceDeclaration = {
  name: 'users',
  label: 'User Listing',
  menu: { group: 'create', icon: <TeamOutlined /> },
  routes: { list: '/users', create: '/user-registration', edit: '/user-edit/:id' },
  api: { listKey: 'users', createPath: 'users/create' },
  entity: { singular: 'user', plural: 'users' },
  list: defineList<User>({
    title: 'User Management',
    createLabel: 'Add New User',
    emptyText: 'No users found',
    search: {
      placeholder: 'Search users by name, email or phone',
      path: 'users/autocomplete',
      param: 'query',
      listKey: 'data',
      label: (u) => `${fullName(u)} (${u.email})`,
    },
    columns: [
      { key: 'name', title: 'Name', render: fullName, exportValue: fullName, sort: 'firstname' },
      { key: 'email', title: 'Email', sort: 'email' },
      {
        key: 'role', title: 'Role', render: roleLabel, exportValue: roleLabel, sort: 'role',
        filter: { options: { resource: 'roles', labelField: 'label', valueField: 'name' } },
      },
      {
        key: 'status', title: 'Status', sort: 'status',
        filter: { options: USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] })) },
        render: (u) => <Tag color={STATUS_COLOURS[u.status as UserStatus]}>{statusLabel(u.status)}</Tag>,
        exportValue: (u) => statusLabel(u.status),
      },
      { key: 'created', title: 'Created', render: (u) => formatDate(u.created), sort: 'created' },
      { key: 'modified', title: 'Modified', render: (u) => formatDate(u.modified), sort: 'modified' },
    ],
  }),
  form: {
    titles: { create: 'Add User', edit: 'Edit User' },
    schemas: { create: userCreateSchema, edit: userUpdateSchema },
    initialValues: { status: 'active' },
    // SPEC.md section 8: a record without both a first name and an e-mail cannot be edited sensibly.
    recordProblem: (user) => (!user.firstname && !user.email ? 'User data is missing or incomplete.' : null),
    fields: [
      { name: 'firstname', label: 'First Name', autoComplete: 'off' },
      { name: 'lastname', label: 'Last Name', autoComplete: 'off' },
      { name: 'email', label: 'Email', input: 'email', autoComplete: 'off' },
      { name: 'phonenumber', label: 'Phone Number', input: 'tel', autoComplete: 'off' },
      {
        name: 'password', label: 'Password', input: 'password',
        help: { create: 'At least 6 characters.', edit: 'Leave blank to keep the current password.' },
      },
      { name: 'city_id', label: 'City', input: 'select', options: { resource: 'cities', labelField: 'name' }, placeholder: 'Select a city' },
      { name: 'address', label: 'Address', input: 'textarea', wide: true },
      // Built-in and custom roles, as the roles table holds them.
      { name: 'role', label: 'Role', input: 'select', placeholder: 'Select a role', options: { resource: 'roles', labelField: 'label', valueField: 'name' } },
      { name: 'status', label: 'Status', options: USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] })) },
      {
        name: 'warehouse_ids', label: 'Assigned Warehouses', input: 'select', placeholder: 'Select warehouses',
        options: { resource: 'warehouses', labelField: 'name', multiple: true },
        help: { create: "Where a role's scope is 'Assigned only', the user works in these warehouses only.", edit: "Where a role's scope is 'Assigned only', the user works in these warehouses only." },
      },
      { name: 'gst_no', label: 'GST Number (optional)' },
      // Sent back on edit so that saving the form never clears it.
      { name: 'profileimage', label: 'Profile Image URL (optional)', autoComplete: 'off' },
    ],
  },
};
