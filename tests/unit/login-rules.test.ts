import { describe, expect, it } from 'vitest';
import { loginFieldProblem } from '../../src/domain/login-rules.js';
import { loginSchema } from '../../src/domain/schemas/auth.js';

const schemaProblem = (field: 'emailOrPhone' | 'password', value: unknown) => {
  const result = loginSchema.shape[field].safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('login rules without zod (the /login page) and the login schema (the API)', () => {
  it('give the same first message, or none, for the same value', () => {
    const emails = ['', '   ', 'admin@demo.local', ' admin@demo.local ', 'not an address', 'a@b', '+91 98290 11223', '9829011223', '12345', undefined, 42];
    const passwords = ['', '12345', '123456', 'Admin@123', 'x'.repeat(200), 'x'.repeat(201), undefined, 7];
    for (const value of emails) expect(loginFieldProblem('emailOrPhone', value), String(value)).toBe(schemaProblem('emailOrPhone', value));
    for (const value of passwords) expect(loginFieldProblem('password', value), String(value)).toBe(schemaProblem('password', value));
  });
});
