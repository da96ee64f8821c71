import { PASSWORD_MIN_LENGTH } from './constants.js';

/**
 * The login form's rules and SPEC.md section 5 messages without zod: the sign-in page loads this alone (it must
 * carry no back-office code). `loginSchema` (schemas/auth.ts) is built from the same messages and checks, and a unit
 * test holds the two to the same answers.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const LOGIN_PHONE_PATTERN = /^\+?\d{10,15}$/;

/** Phone numbers are compared without spaces, hyphens and parentheses. */
export const normalisePhone = (value: string) => value.replace(/[\s\-()]/g, '');

export function looksLikeEmailOrPhone(value: string): boolean {
  const v = value.trim();
  return EMAIL_PATTERN.test(v) || LOGIN_PHONE_PATTERN.test(normalisePhone(v));
}

export const LOGIN_MESSAGES = {
  emailOrPhoneRequired: 'Email or phone is required',
  emailOrPhoneFormat: 'Invalid email or phone format',
  passwordRequired: 'Password is required',
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordLong: 'Password is too long',
} as const;
export const PASSWORD_MAX_LENGTH = 200;

export const LOGIN_SUMMARY_MESSAGE = 'Error- Please enter the login details!';
export const NOT_AUTHORIZED_MESSAGE = 'You are not authorized to access this application.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email/phone or password';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized access';
export const FORBIDDEN_MESSAGE = 'Forbidden';

export type LoginInput = { emailOrPhone: string; password: string };

/** The first message the login schema gives for this field's value, or null when it passes. */
export function loginFieldProblem(field: keyof LoginInput, value: unknown): string | null {
  if (field === 'emailOrPhone') {
    if (typeof value !== 'string' || value.trim() === '') return LOGIN_MESSAGES.emailOrPhoneRequired;
    return looksLikeEmailOrPhone(value) ? null : LOGIN_MESSAGES.emailOrPhoneFormat;
  }
  if (typeof value !== 'string' || value === '') return LOGIN_MESSAGES.passwordRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return LOGIN_MESSAGES.passwordShort;
  return value.length > PASSWORD_MAX_LENGTH ? LOGIN_MESSAGES.passwordLong : null;
}
