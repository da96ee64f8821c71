import { z } from 'zod';
import { inputSchemaOf, updateSchemaOf } from '../resource.js';
import { usersResource } from '../resources/users.js';

/** A user's bodies, from its declaration (src/domain/resources/users.ts): on edit a blank or missing password keeps the current one. */
export const userCreateSchema = inputSchemaOf(usersResource);
export const userUpdateSchema = updateSchemaOf(usersResource);
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
