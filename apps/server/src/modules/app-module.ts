import type { ChannelDecision } from '@renderfarm/realtime/server';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { RouteGuard } from '../http/named-route';
import type { ApiDescription } from '../http/openapi-parts';
import type { ObjectStorage } from '../lib/storage';
import type { Broadcaster } from '../platform/broadcasting';
import type { JobHandler, JobLog } from '../platform/jobs';
import type { Services } from '../service-types';
import type { DeleteBlockerCheck } from './accounts';
import type { ActivitySubjectKind } from './activity';
import type { User } from './users';

/**
 * What one domain module brings to the app. Each `modules/<name>/module.ts` exports one of these,
 * and `modules/index.ts` lists them: the app, the worker, the channel authoriser, account
 * deletion and the demo seed all loop over that list (docs/development.md "How to add a module").
 * Tables need no entry: drizzle-kit reads every `modules/* /tables.ts` (and `platform/* /tables.ts`).
 */
export interface AppModule {
  name: string;
  /** Fastify plugins of pages, actions and API routes, registered in this order. */
  routes?: ModuleRoutes[];
  /**
   * The module's services, built once per app (after the shared ones) and handed to its pages,
   * its API and its jobs as `app.services.<name>`; declare their types by augmenting `Services`.
   */
  services?: (context: ModuleContext) => Partial<Services>;
  /** Job handlers by job name, for the in-process worker and `pnpm worker`. */
  jobs?: (context: ModuleContext) => Record<string, JobHandler>;
  /** Runs when a worker starts: queue the module's recurring jobs if none is waiting. */
  onWorkerStart?: (db: Database) => Promise<void>;
  /** Private and presence channels the module's events go out on, with who may listen. */
  channels?: ChannelRule[];
  /** Reasons an account cannot be deleted yet (something of this module is left to settle). */
  deleteBlockers?: DeleteBlockerCheck[];
  /** Checks in front of named routes (the API's Bearer token, impersonation's refusals). */
  routeGuards?: RouteGuard[];
  /** Its `/api/v1` routes in the API's OpenAPI description (put together by the api module). */
  apiDescription?: ApiDescription;
  /** Records of this module a customer's own log is also about (their machines). */
  activitySubjects?: ActivitySubjectKind[];
  /** Demo records for a fresh database, written in the order of the module list. */
  seed?: (db: Database, demo: DemoSeedContext) => Promise<void>;
}

export type ModuleRoutes = (app: FastifyInstance, options: { registry: RouteRegistry }) => Promise<void>;

/** Everything a module's services and jobs are built from. */
export interface ModuleContext {
  /** APP_KEY is always set by then (generated for development when missing). */
  config: Config & { APP_KEY: string };
  db: Database;
  broadcaster: Broadcaster;
  /** The shared services (mailer, SMS, limiter, …) and the services of modules listed earlier. */
  services: Services;
  log: JobLog;
}

/**
 * A channel name pattern (`instances.{uuid}`, without `private-`/`presence-`) and who may
 * subscribe: true/false, or the member info of a presence channel.
 */
export interface ChannelRule {
  pattern: string;
  /**
   * Whether a suspended account may still listen (its own channel): otherwise it is refused
   * before `authorize` runs, as a suspended account is refused by routes without `allowSuspended`,
   * so a suspended staff member keeps no staff channel.
   */
  allowSuspended?: boolean;
  authorize: (db: Database, user: User, ...params: string[]) => ChannelDecision | Promise<ChannelDecision>;
}

/** Ids the demo seed of earlier modules made, for the later ones to point at. */
export interface DemoSeedContext {
  now: Date;
  /** `admin`, `care`, `customer` → user id. */
  userIds: Map<string, number>;
  /** Other ids by kind and key (`locations` → code → id), filled by the module that made them. */
  ids: Map<string, Map<string, number>>;
  /** The app's object store, for demo files (the identity papers): the one the app reads. */
  storage: ObjectStorage;
}
