import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { LANGUAGES } from '../i18n/languages.js';
import { LOGIN_MESSAGES as M, PASSWORD_MAX_LENGTH, looksLikeEmailOrPhone } from '../login-rules.js';

export { EMAIL_PATTERN, FORBIDDEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE, NOT_AUTHORIZED_MESSAGE, UNAUTHORIZED_MESSAGE, normalisePhone } from '../login-rules.js';

/** SPEC.md section 5, login: messages word for word. */
export const loginSchema = z.object({
  emailOrPhone: z.string({ error: M.emailOrPhoneRequired }).trim().min(1, M.emailOrPhoneRequired).refine(looksLikeEmailOrPhone, M.emailOrPhoneFormat),
  password: z
    .string({ error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, M.passwordShort)
    .max(PASSWORD_MAX_LENGTH, M.passwordLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const refreshSchema = z.object({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(1, 'refresh_token is required').max(200),
});

export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });

/** A sign-in's answer: the pair and the language the user chose for the back-office (null: none chosen yet). */
export const loginAnswer = tokenPair.extend({ language: z.enum(LANGUAGES).nullable() });
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const languageChoice = z.object({ language: z.enum(LANGUAGES, { error: 'language must be one of: en, hi' }) });
