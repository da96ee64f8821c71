import Fastify, { type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { access } from './auth/access.js';
import { refuseHiddenFieldQueries } from './auth/hidden-fields.js';
import { answerClientError, answerRouterError, registerErrorHandler } from './http/error-handler.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { registerRequestIds, requestIdGenerator } from './http/request-id.js';
import { dbSessionSource, type SessionSource } from './auth/sessions.js';
import { ACCESS_POLICY_CHANNEL } from './auth/db-policy-source.js';
import { listenForChanges } from './auth/notified-cache.js';
import type { TrustProxy } from './config.js';
import type { Api, AppDeps } from './http/types.js';
import { apiRoutes } from './routes/index.js';
import { servedResources, type ServerPartModule } from './served-resources.js';
import { DECLARED_RESOURCES } from '../domain/resources/index.js';
import type { ResourceDeclaration } from '../domain/resource.js';
import { serveSpa } from './http/spa.js';
import { registerOpenApi } from './http/openapi.js';
import { rejectUnstorableText } from './http/text-guard.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { eventHub } from './live/event-hub.js';
import { registerMetrics } from './metrics/metrics.js';
import { serveBackups } from './backup/serve-backups.js';
import type { BackupSettings } from './config.js';
import { ledgerAnnouncer } from './live/ledger-announcer.js';
import { embeddedVacuum } from './db/embedded-vacuum.js';

export type BuildAppOptions = Omit<AppDeps, 'sessions' | 'resources' | 'events' | 'metrics' | 'backups'> & {
  /** The declared resources to serve (default every one of src/domain/resources) and parts given in code (tests). */
  declarations?: readonly ResourceDeclaration[];
  parts?: Readonly<Record<string, ServerPartModule>>;
  /** Default: the users table, cached per process and kept fresh by LISTEN/NOTIFY. */
  sessions?: SessionSource;
  /** Off unless configured (TRUST_PROXY): X-Forwarded-For from anyone else is a made-up header. */
  trustProxy?: TrustProxy;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA from dist/ (production); tests of the API alone leave it off. */
  spaDir?: string;
  /** BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP; default: no backups. */
  backup?: BackupSettings;
};

const BODY_LIMIT_BYTES = 12 * 1024 * 1024; // a product with several images as data URLs

export async function buildApp(options: BuildAppOptions): Promise<Api> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    frameworkErrors: answerRouterError,
    clientErrorHandler: answerClientError,
    genReqId: requestIdGenerator(options.trustProxy ?? false),
  }).withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestIds(app);

  registerSecurityHeaders(app, {
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
  app.addHook('preValidation', rejectUnstorableText);
  const sessions = options.sessions ?? (await dbSessionSource(options.database));
  app.addHook('onClose', () => sessions.close());
  // A policy or role saved by any process (or straight in the database) applies on every process at its commit.
  const policy = options.policy;
  if (policy.invalidate) {
    const stopListening = await listenForChanges(options.database.listen, ACCESS_POLICY_CHANNEL, { forget: () => policy.invalidate!() }, false);
    app.addHook('onClose', () => stopListening());
  }
  await app.register(access, { signer: options.signer, policy: options.policy, sessions });
  app.addHook('preValidation', refuseHiddenFieldQueries);
  await registerOpenApi(app);

  const events = await eventHub(options.database.listen);
  const metrics = registerMetrics(app, { database: options.database, events });
  const backups = await serveBackups(app, options.database, options.backup ?? { dir: null, everyMs: null, keep: 14 }, metrics);
  const announcer = ledgerAnnouncer(options.database.db, metrics.ledgerCycle);
  // PostgreSQL's own autovacuum keeps a server's tables; the embedded database has none (db/embedded-vacuum.ts).
  const { origin } = options.database;
  const vacuum = origin.kind === 'pglite' ? embeddedVacuum(origin.client, app.log) : null;
  app.addHook('onClose', async () => vacuum?.stop());
  // Open streams would keep the server from closing: they end first (clients reconnect to another process).
  app.addHook('preClose', async () => {
    await announcer.stop();
    await events.close();
  });

  const deps: AppDeps = {
    database: options.database,
    signer: options.signer,
    policy: options.policy,
    sessions,
    config: options.config,
    resources: await servedResources(options.declarations ?? DECLARED_RESOURCES, options.parts),
    events,
    metrics,
    backups,
  };
  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await routes(api as Api, deps);
    },
    { prefix: '/api' },
  );

  serveSpa(app, options.spaDir);
  return app;
}
