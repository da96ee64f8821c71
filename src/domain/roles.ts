/**
 * The built-in roles (SPEC.md; `admin` is implied by it): they cannot be deleted. Admins add custom roles in the
 * database (GET/POST /api/roles), so a role is any lowercase slug the roles table holds.
 */
export const ROLES = ['admin', 'warehouse-user', 'sub-admin', 'seller', 'customer', 'delivery-boy'] as const;
export type BuiltinRole = (typeof ROLES)[number];
/** A role name: a built-in one or a custom one (a slug stored in role_settings). */
export type Role = string;

/** A role name as the API accepts it: lowercase letters, digits and single hyphens, 2 to 40 characters. */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const ROLE_NAME_MAX = 40;

export const ROLE_LABELS: Record<BuiltinRole, string> = {
  admin: 'Admin',
  'warehouse-user': 'Warehouse User',
  'sub-admin': 'Sub Admin',
  seller: 'Seller',
  customer: 'Customer',
  'delivery-boy': 'Delivery Boy',
};

export const USER_STATUSES = ['active', 'inactive', 'notverified'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  notverified: 'Not Verified',
};

export function isBuiltinRole(value: unknown): value is BuiltinRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a value has the shape of a role name (whether that role exists is the database's to say). */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && value.length >= 2 && value.length <= ROLE_NAME_MAX && ROLE_NAME_PATTERN.test(value);
}

/** A role's label when only its name is known: the built-in label, else the name itself. */
export const defaultRoleLabel = (role: string): string => (isBuiltinRole(role) ? ROLE_LABELS[role] : role);
