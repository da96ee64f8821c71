import { z } from 'zod';
import { inputSchemaOf, updateSchemaOf } from '../resource.js';
import { usersResource } from '../resources/users.js';
import { listQuery, optionalKey } from './common.js';
import { MAX_LIST_LIMIT } from '../constants.js';

/** A user's bodies, from its declaration (src/domain/resources/users.ts): on edit a blank or missing password keeps the current one. */
export const userCreateSchema = inputSchemaOf(usersResource);
export const userUpdateSchema = updateSchemaOf(usersResource);
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** GET /users/by-role/seller: one city's sellers (SPEC.md), searched and paged; every seller of the city by default. */
export const sellerQuery = z.object({
  city_id: optionalKey,
  q: z.string({ error: 'q must be text' }).trim().max(200, 'q must be at most 200 characters').optional(),
  page: listQuery.shape.page,
  limit: listQuery.shape.limit.default(MAX_LIST_LIMIT),
});
export type SellerQuery = z.infer<typeof sellerQuery>;
