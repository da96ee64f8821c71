import path from 'node:path';

export type DbConfig = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolSize: number };

export type ServerConfig = {
  port: number;
  host: string;
  db: DbConfig;
  /** Undefined in embedded mode until the data dir provides one. */
  jwtSecret?: string;
  seedDemo: 'auto' | 'yes' | 'no';
  /** 'low' only in tests: OWASP scrypt cost otherwise. */
  passwordHashCost: 'owasp' | 'low';
  logLevel: string;
  serveSpa: boolean;
  /** Per-IP login attempts per minute. */
  loginRateLimit: number;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const url = env.DATABASE_URL?.trim();
  if (url && !env.JWT_SECRET) {
    throw new Error('JWT_SECRET is required when DATABASE_URL is set (use a long random string, e.g. `openssl rand -hex 32`).');
  }
  const seed = env.SEED_DEMO;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    db: url
      ? { kind: 'postgres', url, poolSize: Number(env.DB_POOL_SIZE ?? 10) }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR ?? './data') },
    jwtSecret: env.JWT_SECRET || undefined,
    seedDemo: seed === '1' || seed === 'true' ? 'yes' : seed === '0' || seed === 'false' ? 'no' : 'auto',
    passwordHashCost: env.PASSWORD_HASH_COST === 'low' ? 'low' : 'owasp',
    logLevel: env.LOG_LEVEL ?? 'info',
    serveSpa: env.SERVE_SPA !== '0',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 30),
  };
}
