import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { ROLE_NAME_MAX, USER_STATUSES, USER_STATUS_LABELS, defaultRoleLabel, isRole, type UserStatus } from '../roles.js';
import { choice, email, optionalText, phone, requiredText } from '../schemas/common.js';
import { defineResource } from '../resource.js';

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password is too long');

/** A user as the API sends it (a list row or a record). */
type UserNames = Readonly<Record<string, unknown>>;

/** A user's name as lists show it: first and last name. */
export const userFullName = (u: UserNames): string => [u.firstname, u.lastname].filter(Boolean).join(' ');
/** The role as the admin labelled it (the API's role_label), else SPEC.md's label. */
export const userRoleLabel = (u: UserNames): string => (typeof u.role_label === 'string' && u.role_label) || defaultRoleLabel(String(u.role));
/** 'Not Verified' for notverified (SPEC.md section 4). */
export const userStatusLabel = (u: UserNames): string => USER_STATUS_LABELS[u.status as UserStatus] ?? String(u.status);

const ASSIGNED_HELP = "Where a role's scope is 'Assigned only', the user works in these warehouses only.";

/**
 * SPEC.md section 2's User Listing on the shared declaration. Its service stays its own (password hashing, unique
 * e-mail and phone, sessions, warehouse assignments, the last-admin guard): src/server/resources/users.ts plugs it in.
 * Fields are in the order the API checks them, so a body's messages keep their order; password comes last.
 */
export const usersResource = defineResource({
  name: 'users',
  path: '/users',
  label: 'Users',
  menuLabel: 'User Listing',
  hint: 'User Listing, Add and Edit User',
  entity: { title: 'User', singular: 'user', plural: 'users' },
  api: { listKey: 'users', createPath: '/users/create', updateMethod: 'PUT' },
  fields: {
    // The list's Name column (first and last name) is the SPA's: src/app/resources/users.tsx.
    firstname: { kind: 'text', label: 'First Name', rule: requiredText('First name', 100), column: 'Name', sort: true, search: true, autoComplete: 'off' },
    lastname: { kind: 'text', label: 'Last Name', rule: requiredText('Last name', 100), sort: true, search: true, autoComplete: 'off' },
    email: { kind: 'text', label: 'Email', rule: email('Email'), column: 'Email', sort: true, search: true, input: 'email', autoComplete: 'off' },
    phonenumber: { kind: 'text', label: 'Phone Number', rule: phone('Phone number'), search: true, input: 'tel', autoComplete: 'off' },
    address: { kind: 'text', label: 'Address', rule: requiredText('Address', 500), input: 'textarea' },
    city_id: {
      kind: 'ref',
      label: 'City',
      rule: requiredText('City', 64),
      placeholder: 'Select a city',
      ref: { resource: 'cities', labelField: 'name', as: 'city' },
    },
    // Any role the roles table holds (built-in or custom): the service checks that it exists.
    role: {
      kind: 'ref',
      label: 'Role',
      column: 'Role',
      sort: true,
      filter: true,
      placeholder: 'Select a role',
      ref: { resource: 'roles', labelField: 'label', valueField: 'name', as: 'role_label', translatedLabels: true },
      rule: z
        .string({ error: 'Role is required' })
        .trim()
        .min(1, 'Role is required')
        .max(ROLE_NAME_MAX, 'Role not found')
        .refine(isRole, { error: 'Role not found' }),
    },
    /** The warehouses whose rows the user reaches where the role's scope is 'assigned'. Left out: unchanged. */
    warehouse_ids: {
      kind: 'ref',
      label: 'Assigned Warehouses',
      placeholder: 'Select warehouses',
      help: { create: ASSIGNED_HELP, edit: ASSIGNED_HELP },
      ref: { resource: 'warehouses', labelField: 'name', multiple: true },
      rule: z
        .array(z.string({ error: 'Warehouse ids must be strings' }).trim().max(64), { error: 'warehouse_ids must be a list of warehouse ids' })
        .max(1000, 'At most 1000 warehouses')
        .optional(),
    },
    status: {
      kind: 'choice',
      label: 'Status',
      column: 'Status',
      sort: true,
      filter: true,
      initial: 'active',
      rule: choice(USER_STATUSES, 'Status'),
      options: [
        { value: 'active', label: USER_STATUS_LABELS.active, color: 'green' },
        { value: 'inactive', label: USER_STATUS_LABELS.inactive },
        { value: 'notverified', label: USER_STATUS_LABELS.notverified, color: 'orange' },
      ],
    },
    gst_no: { kind: 'text', label: 'GST Number (optional)', rule: optionalText('GST number', 20) },
    // Sent back on edit so that saving the form never clears it.
    profileimage: { kind: 'text', label: 'Profile Image URL (optional)', rule: optionalText('Profile image', 500), autoComplete: 'off' },
    password: {
      kind: 'text',
      label: 'Password',
      rule: password,
      input: 'password',
      help: { create: `At least ${PASSWORD_MIN_LENGTH} characters.`, edit: 'Leave blank to keep the current password.' },
      // On edit a blank or missing password keeps the current one.
      updateRule: z
        .union([z.literal(''), password])
        .optional()
        .nullable()
        .transform((v) => (v ? v : undefined)),
    },
  },
  formOrder: ['firstname', 'lastname', 'email', 'phonenumber', 'password', 'city_id', 'address', 'role', 'status', 'warehouse_ids', 'gst_no', 'profileimage'],
  timestamps: { created: true, modified: true },
  screens: { list: '/users', create: '/user-registration', edit: '/user-edit/:id' },
  menu: 'create',
  list: {
    title: 'User Management',
    createLabel: 'Add New User',
    emptyText: 'No users found',
    searchPlaceholder: 'Search users by name, email or phone',
    createdColumn: 'Created',
    modifiedColumn: 'Modified',
    // The Name column is first and last name; role and status as their labels.
    export: { values: { firstname: { value: userFullName }, role: { value: userRoleLabel, words: true }, status: { value: userStatusLabel, words: true } } },
  },
});
