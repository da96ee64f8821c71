import { z } from 'zod';
import { ROLE_NAME_MAX, ROLE_NAME_PATTERN } from '../roles.js';
import { requiredText } from './common.js';

export const ROLE_NAME_MESSAGE = `Name must be a lowercase slug (letters, digits and hyphens, 2 to ${ROLE_NAME_MAX} characters), e.g. store-auditor`;

/** POST /api/roles: a new role starts with no grants and may not sign in. */
export const roleCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(2, ROLE_NAME_MESSAGE)
    .max(ROLE_NAME_MAX, ROLE_NAME_MESSAGE)
    .regex(ROLE_NAME_PATTERN, ROLE_NAME_MESSAGE),
  label: requiredText('Label', 60),
});

/** PUT /api/roles/{name}: only the label changes (the name is what users and grants refer to). */
export const roleUpdateSchema = z.object({ label: requiredText('Label', 60) });

export type RoleCreateInput = z.infer<typeof roleCreateSchema>;
export type RoleOut = { name: string; label: string; builtin: boolean; users: number };
