import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { access } from './auth/access.js';
import { registerErrorHandler } from './http/error-handler.js';
import type { Api, AppDeps } from './http/types.js';
import { apiRoutes } from './routes/index.js';
import { serveSpa } from './http/spa.js';

export type BuildAppOptions = AppDeps & {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA from dist/ (production); tests of the API alone leave it off. */
  spaDir?: string;
};

const BODY_LIMIT_BYTES = 12 * 1024 * 1024; // a product with several images as data URLs

export async function buildApp(options: BuildAppOptions): Promise<Api> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
  }).withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Ant Design injects its CSS-in-JS as <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Grocery back-office API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(access, { signer: options.signer, policy: options.policy });

  const deps: AppDeps = { database: options.database, signer: options.signer, policy: options.policy, config: options.config };
  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await routes(api as Api, deps);
    },
    { prefix: '/api' },
  );
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  serveSpa(app, options.spaDir);
  return app;
}
