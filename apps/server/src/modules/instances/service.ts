import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordActivity } from '../activity/service';
import { type Broadcaster, transactionWithBroadcasts } from '../broadcasting/broadcaster';
import { resolveLimit, withinLimit } from '../catalog/limitations';
import type { Job } from '../jobs/queue';
import { enqueue } from '../jobs/queue';
import { notifyJobsEnqueued } from '../jobs/signal';
import type { User } from '../users/queries';
import { lockUser } from '../users/queries';
import {
  InstanceActionNotAllowedError,
  InstanceBalanceTooLowError,
  InstanceKycRequiredError,
  InstanceLimitReachedError,
  InstanceNotFoundError,
} from './errors';
import { instanceUpdated } from './events';
import { POWER_JOB, type PowerJobPayload } from './power-job-payload';
import { checkPowerAction, type PowerAction } from './state-machine';
import { type Instance, instances } from './tables';
import { findOwnView, type InstanceView, listOwnViews } from './views';

export interface PowerRequestOptions {
  force?: boolean;
  /** Who asked: the owner, or staff acting on the machine. The owner when omitted. */
  actorId?: number;
  ip?: string | null;
  userAgent?: string | null;
  /** Where the request came from, for the activity log (`panel`, `api`, `care`…). */
  via?: string;
  /** The asking tab's realtime socket: the immediate update skips it (it reloads itself). */
  socketId?: string | undefined;
}

/** Power states in which a machine is on, or on its way, and counts against `max_running`. */
const POWERED = ['starting', 'running', 'stopping'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Whether this user owns the machine (any status): the realtime channel's owner check. */
export async function ownsInstance(db: Database, userId: number, uuid: string): Promise<boolean> {
  return (await ownInstanceId(db, userId, uuid)) !== null;
}

/** The id of the user's machine with this uuid (deleted ones too), or null. */
export async function ownInstanceId(db: Database, userId: number, uuid: string): Promise<number | null> {
  if (!isUuid(uuid)) return null;
  const [row] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.uuid, uuid), eq(instances.userId, userId)));
  return row?.id ?? null;
}

/** The uuids of these machines, by id: how other modules name a machine to its owner. */
export async function instanceUuids(db: Database, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: instances.id, uuid: instances.uuid })
    .from(instances)
    .where(inArray(instances.id, unique));
  return new Map(rows.map((row) => [row.id, row.uuid]));
}

export interface InstanceServiceOptions {
  db: Database;
  broadcaster: Broadcaster;
  clock?: () => Date;
  /** A realtime publish that failed after the commit (logged; the change stands). */
  onPublishError?: (error: unknown) => void;
}

export type InstanceService = ReturnType<typeof createInstanceService>;

/**
 * The customer's side of machines: reading their own, and asking for power changes. A power
 * request only records the wish (power `starting`/`stopping`, an activity entry, a job); the
 * `instance.power` job talks to the driver (power-job.ts).
 */
export function createInstanceService(options: InstanceServiceOptions) {
  const { db, broadcaster } = options;
  const clock = options.clock ?? (() => new Date());
  const onPublishError = options.onPublishError ?? (() => {});

  return {
    /** The owner's machines (not deleted), newest first. */
    async listOwn(
      userId: number,
      page: { page: number; perPage: number },
    ): Promise<{ rows: InstanceView[]; hasMore: boolean }> {
      const rows = await listOwnViews(db, userId, {
        limit: page.perPage + 1,
        offset: (page.page - 1) * page.perPage,
      });
      return { rows: rows.slice(0, page.perPage), hasMore: rows.length > page.perPage };
    },

    /** One of the owner's machines by uuid; anything else (another's, malformed, deleted) is not found. */
    async findOwn(userId: number, uuid: string): Promise<InstanceView> {
      const view = isUuid(uuid) ? await findOwnView(db, userId, uuid) : undefined;
      if (!view) throw new InstanceNotFoundError();
      return view;
    },

    /** Whether this user owns the machine (realtime channel authorisation). */
    isOwner: (userId: number, uuid: string) => ownsInstance(db, userId, uuid),

    /**
     * `panel.instances.power` / `api.v1.instances.power`. In one transaction: the owner's row and
     * the machine's row locked (so two requests queue up: a double click makes one job, and two
     * starts cannot both slip under `max_running`), the state machine and the start rules
     * checked, power moved to starting/stopping, the activity written and the job queued. The
     * realtime event and the worker's nudge follow the commit.
     */
    async requestPower(
      user: Pick<User, 'id'>,
      instance: Pick<Instance, 'id'>,
      action: PowerAction,
      request: PowerRequestOptions = {},
    ): Promise<{ instance: Instance; job: Job }> {
      const force = request.force ?? false;
      const result = await transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          const owner = await lockUser(tx, user.id);
          const [row] = await tx
            .select()
            .from(instances)
            .where(and(eq(instances.id, instance.id), eq(instances.userId, user.id)))
            .for('update');
          if (!owner || !row || row.status === 'deleted') throw new InstanceNotFoundError();

          const check = checkPowerAction(row.status, row.power, action);
          if (!check.allowed) throw new InstanceActionNotAllowedError(check.reason);
          if (action === 'start') await checkStartRules(tx, owner, row);

          const now = clock();
          const [updated] = await tx
            .update(instances)
            .set({
              power: check.next,
              powerChangedAt: now,
              updatedAt: now,
              failureReason: null,
              failureDetail: null,
            })
            .where(eq(instances.id, row.id))
            .returning();
          await recordActivity(tx, {
            event: `instance:power.${action}`,
            actorId: request.actorId ?? owner.id,
            subject: { type: 'instance', id: row.id },
            ip: request.ip,
            userAgent: request.userAgent,
            properties: { uuid: row.uuid, from: row.power, force, via: request.via ?? null },
          });
          const payload: PowerJobPayload = {
            instanceId: row.id,
            action,
            force,
            actorId: request.actorId ?? owner.id,
          };
          const { job, created } = await enqueue(tx, POWER_JOB, payload, {
            singletonKey: `instance:${row.id}:power`,
            maxAttempts: 3,
          });
          // The row lock makes this unreachable in normal operation: the previous power job ends
          // in the same transaction that settles the machine. Refusing keeps the two in step.
          if (!created) {
            throw new InstanceActionNotAllowedError(
              'عملیات دیگری روی این سرور در جریان است؛ چند لحظه صبر کنید.',
            );
          }
          broadcast({ ...instanceUpdated(updated!), socketId: request.socketId });
          return { instance: updated!, job };
        },
        onPublishError,
      );
      notifyJobsEnqueued();
      return result;
    },
  };

  /** docs/domain.md: starting needs an approved identity, one hour of the price, and room under `max_running`. */
  async function checkStartRules(tx: Database, owner: User, row: Instance): Promise<void> {
    if (owner.kycStatus !== 'approved') throw new InstanceKycRequiredError();
    if (owner.balance < row.pricePerHour)
      throw new InstanceBalanceTooLowError(row.pricePerHour, owner.balance);
    const limit = await resolveLimit(tx, owner, 'max_running', { hardwareId: row.hardwareId });
    if (limit.allowed === null) return;
    // A limit set on a plan counts that plan's machines; any other counts all of the user's.
    const conditions = [
      eq(instances.userId, owner.id),
      eq(instances.status, 'ready'),
      inArray(instances.power, [...POWERED]),
      ne(instances.id, row.id),
    ];
    if (limit.scope === 'hardware') conditions.push(eq(instances.hardwareId, row.hardwareId));
    const [used] = await tx
      .select({ n: count() })
      .from(instances)
      .where(and(...conditions));
    if (!withinLimit(limit, used?.n ?? 0)) throw new InstanceLimitReachedError(limit.allowed);
  }
}
