import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { parseCsv } from '../../src/server/services/csv.js';

/** Issue 34: the API answers in the language of the request, every error has a stable code, a user's language is kept. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrongPassword = (language?: string) =>
  t.request('POST', '/api/auth/login', {
    body: { emailOrPhone: 'nobody@demo.local', password: 'wrong-password' },
    headers: language ? { 'accept-language': language } : {},
  });

describe('the language of an answer', () => {
  it('is English by default and for English, word for word, with the message code', async () => {
    for (const language of [undefined, 'en-IN,en;q=0.9', 'fr-FR']) {
      const res = await wrongPassword(language);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email/phone or password' });
    }
  });

  it('is Hindi for Accept-Language: hi, with the same code, and says it varies by the header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrPhone: 'nobody@demo.local', password: 'wrong-password' },
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'ईमेल/फ़ोन या पासवर्ड ग़लत है', code: 'login.wrongCredentials' });
    expect(String(res.headers.vary)).toMatch(/Accept-Language/i);
  });

  it('translates each field error of a refused body and its summary, each with its code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrPhone: '', password: '123' },
      headers: { 'accept-language': 'hi' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; code: string; errors: { field: string; message: string; code: string }[] };
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'emailOrPhone', message: 'ईमेल या फ़ोन आवश्यक है', code: 'login.idRequired' },
        { field: 'password', message: 'पासवर्ड कम से कम 6 अक्षरों का होना चाहिए', code: 'login.passwordShort' },
      ]),
    );
    // The summary keeps a field's API name where its message does not name it (as in English), and nothing else English.
    const parts = body.message.split('; ');
    expect(parts).toEqual(expect.arrayContaining(['emailOrPhone: ईमेल या फ़ोन आवश्यक है', 'पासवर्ड कम से कम 6 अक्षरों का होना चाहिए']));
    for (const part of parts) expect(part.replace(/^emailOrPhone: /, ''), part).not.toMatch(/[A-Za-z]/);
  });

  it('keeps data inside a message as it was written (a custom role name is not translated)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'accept-language': 'hi' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'नहीं मिला', code: 'api.pathNotFound' });
  });

  it('marks every translated message in the pseudo language (a development aid)', async () => {
    const res = await wrongPassword('en-XA');
    expect(res.body).toEqual({ message: '⟦Invalid email/phone or password⟧' });
  });
});

describe("a user's language", () => {
  const signIn = (emailOrPhone: string, password: string) => t.request('POST', '/api/auth/login', { body: { emailOrPhone, password } });

  it('is none until the user chooses one, then every sign-in answers it', async () => {
    await t.db.update(users).set({ language: null }).where(eq(users.id, t.userIds['warehouse-user']));
    const first = await signIn('warehouse@demo.local', 'Warehouse@123');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.language).toBeNull();
    const chosen = await t.request('PUT', '/api/auth/me/language', { role: 'warehouse-user', body: { language: 'hi' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ language: 'hi' });
    expect((await signIn('warehouse@demo.local', 'Warehouse@123')).body.language).toBe('hi');
    expect((await t.request('GET', '/api/auth/me', { role: 'warehouse-user' })).body.language).toBe('hi');
    // Another user's is their own.
    expect((await signIn('admin@demo.local', 'Admin@123')).body.language).toBeNull();
    await t.request('PUT', '/api/auth/me/language', { role: 'warehouse-user', body: { language: 'en' } });
    expect((await signIn('warehouse@demo.local', 'Warehouse@123')).body.language).toBe('en');
  });

  it('refuses a language the product does not speak, naming the field, and a caller without a session', async () => {
    for (const language of ['fr', '', 'en-XA', 42, null, 'hi\u0000']) {
      const res = await t.request('PUT', '/api/auth/me/language', { role: 'admin', body: { language } });
      expect(res.status, String(language)).toBe(400);
      expect(res.body.errors[0].field).toBe('language');
    }
    expect((await t.request('PUT', '/api/auth/me/language', { body: { language: 'hi' } })).status).toBe(401);
    const [admin] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, t.userIds.admin));
    expect(admin!.language).toBeNull();
  });
});

describe('a list downloaded as CSV', () => {
  const linesOf = async (path: string, language?: string) => {
    const res = await t.request('GET', path, { role: 'admin', headers: language ? { 'accept-language': language } : {} });
    expect(res.status).toBe(200);
    return parseCsv(String(res.body).replace(/^\uFEFF/, '')).records.map((record) => record.fields);
  };
  const headerOf = async (path: string, language?: string) => (await linesOf(path, language))[0]!;

  it("has its column titles in the request's language; the products' file keeps the import's English columns", async () => {
    const english = await headerOf('/api/cities.csv');
    expect(english).toContain('City Name');
    const hindi = await headerOf('/api/cities.csv', 'hi');
    expect(hindi).toHaveLength(english.length);
    for (const title of hindi) expect(title, title).not.toMatch(/[A-Za-z]{3,}/);
    // Export → edit → import: the products' columns are a format the import reads back, in any language.
    expect(await headerOf('/api/products.csv', 'hi')).toEqual(await headerOf('/api/products.csv'));
  });

  it("says our words in its cells in the request's language (a flag's Active, a built-in role), the data as typed", async () => {
    const [header, ...english] = await linesOf('/api/cities.csv');
    const [, ...hindi] = await linesOf('/api/cities.csv', 'hi');
    const status = header!.indexOf('Status');
    const name = header!.indexOf('City Name');
    expect(english.map((row) => row[status])).toContain('Active');
    expect(hindi.map((row) => row[status])).toEqual(english.map((row) => (row[status] === 'Active' ? 'सक्रिय' : 'निष्क्रिय')));
    expect(hindi.map((row) => row[name])).toEqual(english.map((row) => row[name]));
    const [users, ...people] = await linesOf('/api/users.csv', 'hi');
    const role = users!.indexOf('भूमिका');
    expect(people.map((row) => row[role])).toContain('एडमिन');
    expect(people.map((row) => row[role])).not.toContain('Admin');
    // The products' file is read back by the import: its flags stay as the import reads them.
    expect(await linesOf('/api/products.csv', 'hi')).toEqual(await linesOf('/api/products.csv'));
  });
});
