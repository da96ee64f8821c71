import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const LOGIN_PHONE_PATTERN = /^\+?\d{10,15}$/;

/** Phone numbers are compared without spaces, hyphens and parentheses. */
export const normalisePhone = (value: string) => value.replace(/[\s\-()]/g, '');

export function looksLikeEmailOrPhone(value: string): boolean {
  const v = value.trim();
  return EMAIL_PATTERN.test(v) || LOGIN_PHONE_PATTERN.test(normalisePhone(v));
}

/** SPEC.md section 5, login: messages word for word. */
export const loginSchema = z.object({
  emailOrPhone: z
    .string({ error: 'Email or phone is required' })
    .trim()
    .min(1, 'Email or phone is required')
    .refine(looksLikeEmailOrPhone, 'Invalid email or phone format'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const refreshSchema = z.object({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1, 'refresh_token is required').max(200),
});

export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });

export const LOGIN_SUMMARY_MESSAGE = 'Error- Please enter the login details!';
export const NOT_AUTHORIZED_MESSAGE = 'You are not authorized to access this application.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email/phone or password';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized access';
export const FORBIDDEN_MESSAGE = 'Forbidden';
