import type { Role } from '../../../src/domain/roles.js';

/** localStorage for node: the Storage methods the session uses. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

/** An unsigned JWT with our claims: the SPA reads tokens, only the server verifies them. */
export function fakeJwt(claims: { sub?: string; role?: Role | string; firstname?: string; exp?: number; jti?: string } = {}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { sub: 'u1', role: 'admin', firstname: 'Aarti', exp: Math.floor(Date.now() / 1000) + 900, ...claims };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}
