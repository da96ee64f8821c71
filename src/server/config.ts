import path from 'node:path';

export type DbConfig = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolSize: number };

export type ServerConfig = {
  port: number;
  host: string;
  db: DbConfig;
  /** Undefined in embedded mode until the data dir provides one. */
  jwtSecret?: string;
  seedDemo: 'auto' | 'yes' | 'no';
  /** 'low' only in tests: OWASP argon2id cost otherwise. */
  passwordHashCost: 'owasp' | 'low';
  logLevel: string;
  serveSpa: boolean;
  /** Per-IP login attempts per minute. */
  loginRateLimit: number;
  /** Fastify's trustProxy: which X-Forwarded-For hops to believe. Off unless configured. */
  trustProxy: TrustProxy;
  /** GET /api/metrics needs `Authorization: Bearer <it>`; unset, only this machine may scrape. */
  metricsToken?: string;
};

export type TrustProxy = boolean | number | string[];

/** HS256 with a short key is brute-forceable offline from any one token. */
export const MIN_JWT_SECRET_BYTES = 32;

/**
 * TRUST_PROXY: unset/0/false → off (the socket's address is the client); best, a comma-separated list of the proxies'
 * addresses/CIDRs; a whole number → that many proxy hops (1 = one reverse proxy in front) and 'true' → every hop, each
 * believed only from a loopback or private address (http/trust-proxy.ts), with a warning at start.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const url = env.DATABASE_URL?.trim();
  if (url && !env.JWT_SECRET) {
    throw new Error('JWT_SECRET is required when DATABASE_URL is set (use a long random string, e.g. `openssl rand -hex 32`).');
  }
  const secretBytes = env.JWT_SECRET ? Buffer.byteLength(env.JWT_SECRET, 'utf8') : 0;
  if (env.JWT_SECRET && secretBytes < MIN_JWT_SECRET_BYTES) {
    throw new Error(
      `JWT_SECRET is too short: ${secretBytes} bytes, at least ${MIN_JWT_SECRET_BYTES} are needed. Use a long random string, e.g. \`openssl rand -hex 32\`.`,
    );
  }
  const seed = env.SEED_DEMO;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    db: url ? { kind: 'postgres', url, poolSize: Number(env.DB_POOL_SIZE ?? 10) } : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR ?? './data') },
    jwtSecret: env.JWT_SECRET || undefined,
    seedDemo: seed === '1' || seed === 'true' ? 'yes' : seed === '0' || seed === 'false' ? 'no' : 'auto',
    passwordHashCost: env.PASSWORD_HASH_COST === 'low' ? 'low' : 'owasp',
    logLevel: env.LOG_LEVEL ?? 'info',
    serveSpa: env.SERVE_SPA !== '0',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 30),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
  };
}
