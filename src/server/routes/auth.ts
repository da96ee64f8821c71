import { loginSchema, refreshSchema, tokenPair } from '../../domain/schemas/auth.js';
import { z } from 'zod';
import { errorReplies } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { authService } from '../services/auth-service.js';

export const authRoutes: RouteModule = (app, { database, signer, policy, sessions, config }) => {
  const auth = authService(database.db, signer, policy, sessions);
  const perIp = { max: config.loginRateLimit, timeWindow: '1 minute' };

  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: perIp },
      // 401 wrong credentials, 403 a role or account that may not sign in, 503 the hashing line is full.
      schema: { tags: ['auth'], security: [], body: loginSchema, response: { 200: tokenPair, ...errorReplies(401, 403, 503) } },
    },
    (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public', rateLimit: { max: config.loginRateLimit * 4, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], security: [], body: refreshSchema, response: { 200: tokenPair, ...errorReplies(401) } },
    },
    (request) => auth.refresh(request.body.refresh_token),
  );

  app.post(
    '/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], security: [], body: refreshSchema } },
    async (request, reply) => {
      await auth.logout(request.body.refresh_token);
      return reply.status(200).send({ message: 'Logged out' });
    },
  );

  app.get(
    '/auth/me',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'], response: { 200: z.object({ id: z.string(), role: z.string(), firstname: z.string() }) } } },
    (request) => request.user!,
  );
};
