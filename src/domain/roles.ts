/** Every role the product knows. `admin` is implied by SPEC.md; the rest are listed there. */
export const ROLES = ['admin', 'warehouse-user', 'sub-admin', 'seller', 'customer', 'delivery-boy'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
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

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
