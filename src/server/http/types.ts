import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.js';
import type { PolicySource } from '../auth/access.js';
import type { SessionSource } from '../auth/sessions.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { ServerConfig } from '../config.js';
import type { ServedResource } from '../served-resources.js';
import type { EventHub } from '../live/event-hub.js';
import type { AppMetrics } from '../metrics/metrics.js';
import type { BackupService } from '../backup/backup-service.js';

/** The Fastify instance every route file receives: zod schemas type its requests. */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What routes and services share: built once per process in app.ts. */
/** Where a failed clean-up is reported; the request it follows has already succeeded. */
export type WarningLog = { warn: (details: object, message: string) => void };

export type AppDeps = {
  database: Database;
  signer: TokenSigner;
  policy: PolicySource;
  sessions: SessionSource;
  config: Pick<ServerConfig, 'loginRateLimit'> & Partial<Pick<ServerConfig, 'metricsToken'>>;
  /** The declared resources served, each with its server part (src/domain/resources, src/server/resources). */
  resources: readonly ServedResource[];
  /** This process's end of the live changes (LISTEN/NOTIFY): GET /events streams them. */
  events: EventHub;
  /** This process's Prometheus metrics (GET /metrics). */
  metrics: AppMetrics;
  /** Backups of the database into BACKUP_DIR: on request and on schedule. */
  backups: BackupService;
};

export type RouteModule = (app: Api, deps: AppDeps) => void | Promise<void>;
