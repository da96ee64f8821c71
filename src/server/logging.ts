import type { FastifyServerOptions } from 'fastify';

/** Never logged: tokens, cookies (the device cookie, the refresh token in a body is never logged at all). */
const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

/**
 * The server's log: JSON lines (one object per line, for a log collector) in production or whenever the output is not a
 * terminal; readable, coloured lines (pino-pretty) when a person runs it in a terminal. Either way each request's lines
 * carry its id (`reqId`), the one its answer names in X-Request-Id and error bodies.
 */
export async function loggerOptions(level: string, stdout: { isTTY?: boolean } = process.stdout): Promise<FastifyServerOptions['logger']> {
  const json = { level, redact: REDACT };
  if (!stdout.isTTY || process.env.NODE_ENV === 'production') return json;
  const { default: pretty } = await import('pino-pretty');
  return { ...json, stream: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) };
}
