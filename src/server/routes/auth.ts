import { languageChoice, loginAnswer, loginSchema, refreshSchema, tokenPair } from '../../domain/schemas/auth.js';
import { z } from 'zod';
import { LANGUAGES } from '../../domain/i18n/languages.js';
import { errorReplies } from '../http/openapi.js';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../http/types.js';
import { deviceCookies } from '../auth/device-cookie.js';
import { authService } from '../services/auth-service.js';

export const authRoutes: RouteModule = (app, { database, signer, policy, sessions, config }) => {
  const auth = authService(database.db, signer, policy, sessions);
  const devices = deviceCookies(signer);
  // A browser that signed in before (a genuine device cookie) is not refused by the per-address limit: its own
  // failures lock its cookie out instead (auth-service.ts).
  const perIp = { max: config.loginRateLimit, timeWindow: '1 minute', allowList: (request: FastifyRequest) => devices.read(request.headers.cookie).length > 0 };

  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: perIp },
      // 401 wrong credentials, 403 a role or account that may not sign in, 503 the hashing line is full.
      schema: { tags: ['auth'], security: [], body: loginSchema, response: { 200: loginAnswer, ...errorReplies(401, 403, 503) } },
    },
    async (request, reply) => {
      const { pair, userId } = await auth.login(request.body, request.ip, devices.read(request.headers.cookie));
      // This browser is now a known one for that account (a new cookie at every sign-in).
      void reply.header('set-cookie', devices.issue(userId, request.protocol === 'https'));
      return pair;
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public', rateLimit: { max: config.loginRateLimit * 4, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], security: [], body: refreshSchema, response: { 200: tokenPair, ...errorReplies(401) } },
    },
    (request) => auth.refresh(request.body.refresh_token),
  );

  app.post('/auth/logout', { config: { access: 'public' }, schema: { tags: ['auth'], security: [], body: refreshSchema } }, async (request, reply) => {
    await auth.logout(request.body.refresh_token);
    return reply.status(200).send({ message: 'Logged out' });
  });

  app.get(
    '/auth/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        response: { 200: z.object({ id: z.string(), role: z.string(), firstname: z.string(), language: z.enum(LANGUAGES).nullable() }) },
      },
    },
    async (request) => ({ ...request.user!, language: await auth.languageOf(request.user!.id) }),
  );

  // Not a change of the user's record (no history, no version): a preference of their own, like a browser's.
  app.put(
    '/auth/me/language',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'], body: languageChoice, response: { 200: languageChoice, ...errorReplies(400) } } },
    async (request) => {
      await auth.setLanguage(request.user!.id, request.body.language);
      return { language: request.body.language };
    },
  );
};
