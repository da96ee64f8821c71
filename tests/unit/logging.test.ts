import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../../src/server/logging.js';

describe('the log: readable in a terminal, JSON lines otherwise', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('a person at a terminal reads pretty lines (pino-pretty), unless NODE_ENV is production', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const pretty = (await loggerOptions('info', { isTTY: true })) as { stream?: unknown; level: string };
    expect(pretty.level).toBe('info');
    expect(pretty.stream).toBeDefined();
    vi.stubEnv('NODE_ENV', 'production');
    expect(((await loggerOptions('info', { isTTY: true })) as { stream?: unknown }).stream).toBeUndefined();
  });

  it('a log collector (not a terminal) gets JSON lines, with tokens and cookies redacted', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(await loggerOptions('warn', { isTTY: false })).toEqual({ level: 'warn', redact: ['req.headers.authorization', 'req.headers.cookie'] });
  });
});
