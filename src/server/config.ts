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
  backup: BackupSettings;
};

/** Where backups go (BACKUP_DIR; none: the server takes none), how often (BACKUP_EVERY) and how many are kept (BACKUP_KEEP). */
export type BackupSettings = { dir: string | null; everyMs: number | null; keep: number };

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** BACKUP_EVERY: a whole number and a unit, `30m`, `6h`, `1d` (`s` for tests). */
export function parseEvery(value: string | undefined): number | null {
  const v = value?.trim();
  if (!v) return null;
  const m = /^(\d+)\s*([smhd])$/.exec(v);
  if (!m || Number(m[1]) === 0) throw new Error(`BACKUP_EVERY=${v} is not a period: write a whole number and a unit, e.g. 30m, 6h or 1d.`);
  return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
}

export function readBackupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const dir = env.BACKUP_DIR?.trim() ? path.resolve(env.BACKUP_DIR.trim()) : null;
  const everyMs = parseEvery(env.BACKUP_EVERY);
  if (everyMs && !dir) throw new Error('BACKUP_EVERY needs BACKUP_DIR: say where the scheduled backups go.');
  const keep = Number(env.BACKUP_KEEP?.trim() || 14);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP=${env.BACKUP_KEEP} must be a whole number of backups, at least 1.`);
  return { dir, everyMs, keep };
}

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

/** The database the environment names: DATABASE_URL's server, else the embedded one in DATA_DIR (default ./data). */
export function readDbConfig(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const url = env.DATABASE_URL?.trim();
  return url ? { kind: 'postgres', url, poolSize: Number(env.DB_POOL_SIZE ?? 10) } : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR ?? './data') };
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
    db: readDbConfig(env),
    jwtSecret: env.JWT_SECRET || undefined,
    seedDemo: seed === '1' || seed === 'true' ? 'yes' : seed === '0' || seed === 'false' ? 'no' : 'auto',
    passwordHashCost: env.PASSWORD_HASH_COST === 'low' ? 'low' : 'owasp',
    logLevel: env.LOG_LEVEL ?? 'info',
    serveSpa: env.SERVE_SPA !== '0',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 30),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    backup: readBackupSettings(env),
  };
}
