import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { ROLE_NAME_MAX, USER_STATUSES, isRole } from '../roles.js';
import { choice, email, optionalText, phone, requiredText } from './common.js';

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password is too long');

const userFields = {
  firstname: requiredText('First name', 100),
  lastname: requiredText('Last name', 100),
  email: email('Email'),
  phonenumber: phone('Phone number'),
  address: requiredText('Address', 500),
  city_id: requiredText('City', 64),
  // Any role the roles table holds (built-in or custom): the service checks that it exists.
  role: z.string({ error: 'Role is required' }).trim().min(1, 'Role is required').max(ROLE_NAME_MAX, 'Role not found')
    .refine(isRole, { error: 'Role not found' }),
  /** The warehouses whose rows the user reaches where the role's scope is 'assigned'. Left out: unchanged. */
  warehouse_ids: z.array(z.string({ error: 'Warehouse ids must be strings' }).trim().max(64), { error: 'warehouse_ids must be a list of warehouse ids' })
    .max(1000, 'At most 1000 warehouses').optional(),
  status: choice(USER_STATUSES, 'Status'),
  gst_no: optionalText('GST number', 20),
  profileimage: optionalText('Profile image', 500),
};

export const userCreateSchema = z.object({ ...userFields, password });

/** On edit a blank or missing password keeps the current one. */
export const userUpdateSchema = z.object({
  ...userFields,
  password: z
    .union([z.literal(''), password])
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
