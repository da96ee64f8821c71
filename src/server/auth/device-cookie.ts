import crypto from 'node:crypto';
import type { TokenSigner } from './tokens.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a successful sign-in leaves in the
 * browser a cookie naming the account, signed with a key only this server has. A later sign-in to that account that
 * presents it is a known browser: it has a lane of its own in the password-hashing line and the flood limits do not
 * refuse it; its failures are counted against the cookie, which is locked out in turn.
 */
export type DeviceCookie = { account: string; nonce: string };

const PREFIX = 'device_';
const PURPOSE = 'device-cookie';
/** The browser keeps it this long (and the server believes it no longer). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Sent only where it is read. */
const PATH = '/api/auth/login';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const cookieName = (account: string) => `${PREFIX}${account.replace(/-/g, '').slice(0, 12)}`;

export function deviceCookies(signer: Pick<TokenSigner, 'mac'>) {
  return {
    /** The Set-Cookie header value for a browser that just signed in to `account`; Secure when the request came over HTTPS. */
    issue(account: string, secure: boolean, now = Date.now()): string {
      const value = `${account}.${crypto.randomBytes(16).toString('base64url')}.${Math.floor(now / 1000)}`;
      const signed = `${value}.${signer.mac(PURPOSE, value)}`;
      return [
        `${cookieName(account)}=${signed}`,
        `Path=${PATH}`,
        `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },

    /** The genuine, unexpired device cookies of a Cookie header (a browser may hold one per account signed in from it). */
    read(header: string | undefined, now = Date.now()): DeviceCookie[] {
      if (!header) return [];
      const found: DeviceCookie[] = [];
      for (const pair of header.split(';')) {
        const at = pair.indexOf('=');
        if (at < 0 || !pair.slice(0, at).trim().startsWith(PREFIX)) continue;
        const parts = pair
          .slice(at + 1)
          .trim()
          .split('.');
        if (parts.length !== 4) continue;
        const [account, nonce, issued, mac] = parts as [string, string, string, string];
        const value = `${account}.${nonce}.${issued}`;
        const expected = Buffer.from(signer.mac(PURPOSE, value));
        const given = Buffer.from(mac);
        if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) continue;
        if (!UUID.test(account) || !(Number(issued) * 1000 + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 > now)) continue;
        found.push({ account, nonce });
      }
      return found;
    },
  };
}
