import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { decryptString } from '../../lib/encryption';
import {
  type BroadcastEvent,
  type Broadcaster,
  transactionWithBroadcasts,
} from '../../platform/broadcasting';
import type { Job } from '../../platform/jobs';
import { enqueue, notifyJobsEnqueued } from '../../platform/jobs';
import { recordActivity } from '../activity';
import { findHost, imagesForPlan, resolveLimit, withinLimit } from '../catalog';
import type { User } from '../users';
import { lockUser } from '../users';
import { newMachinePassword } from './connection';
import type { DestroyJobPayload } from './destroy-job';
import type { DriverResolver } from './driver';
import {
  InstanceActionNotAllowedError,
  InstanceBalanceTooLowError,
  InstanceConfirmNameError,
  InstanceKycRequiredError,
  InstanceLimitReachedError,
  InstanceMakeRefusedError,
  InstanceNotFoundError,
} from './errors';
import { instanceUpdated } from './events';
import { DESTROY_JOB, PROVISION_JOB } from './job-names';
import { recordMachineChange } from './machine-audit';
import { accountBlockers, type MakeContext, type MakeInput, makeInstance, reviewOrder } from './make';
import { POWER_JOB, type PowerJobPayload } from './power-job-payload';
import type { ProvisionJobPayload } from './provision-job';
import { minBalanceHours, minimumFor } from './settings';
import { canChangeStatus, checkPowerAction, type PowerAction } from './state-machine';
import { type Instance, instanceSchedules, instances } from './tables';
import { findOwnView, type InstanceView, listOwnViews } from './views';

export interface PowerRequestOptions {
  force?: boolean;
  /**
   * Who asked: the owner, or staff acting on the machine. The owner when omitted; null is the farm
   * itself (the machine tick's idle auto-stop and weekly schedule, machine-tick-job.ts).
   */
  actorId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Where the request came from, for the activity log (`panel`, `api`, `care`…). */
  via?: string;
  /** The asking tab's realtime socket: the immediate update skips it (it reloads itself). */
  socketId?: string | undefined;
  /**
   * Staff acting on a customer's machine (care, admin): the owner's start rules (identity,
   * balance, max_running) do not apply, a deletion needs no typed name, and the reason is kept
   * in the activity entry.
   */
  staff?: { reason: string };
  /**
   * More work in the request's own transaction, after the power change (requestPower only): the
   * tick's activity entry and the owner's notice exist exactly when the stop or start does.
   */
  inTransaction?: (tx: Database, row: Instance, broadcast: (event: BroadcastEvent) => void) => Promise<void>;
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
  /** The host drivers (a new password is set in the running guest at once). */
  drivers: DriverResolver;
  appKey: string;
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
    /** The host drivers, bound per host (admin checks, the jobs). */
    drivers: options.drivers,

    /**
     * Live machines (not deleted) and running ones per plan, location, host and image: the catalog
     * screens' counts and their "still in use" refusals.
     */
    async placementUsage() {
      const rows = await db
        .select({
          hardwareId: instances.hardwareId,
          locationId: instances.locationId,
          resourceId: instances.resourceId,
          imageId: instances.imageId,
          machines: count(),
          running:
            sql<number>`count(*) filter (where ${instances.status} = 'ready' and ${instances.power} <> 'stopped')`.mapWith(
              Number,
            ),
        })
        .from(instances)
        .where(ne(instances.status, 'deleted'))
        .groupBy(instances.hardwareId, instances.locationId, instances.resourceId, instances.imageId);
      const sum = (key: 'hardwareId' | 'locationId' | 'resourceId' | 'imageId') => {
        const totals = new Map<number, { machines: number; running: number }>();
        for (const row of rows) {
          const id = row[key];
          if (id === null) continue;
          const total = totals.get(id) ?? { machines: 0, running: 0 };
          total.machines += row.machines;
          total.running += row.running;
          totals.set(id, total);
        }
        return totals;
      };
      return {
        byHardware: sum('hardwareId'),
        byLocation: sum('locationId'),
        byResource: sum('resourceId'),
        byImage: sum('imageId'),
      };
    },

    /**
     * Whether a machine still needs its port: anything but deleted, or stuck after a failure
     * (provision_failed, deletion_failed), when an admin may take the port back.
     */
    async holdsPort(instanceId: number): Promise<boolean> {
      const [row] = await db
        .select({ status: instances.status })
        .from(instances)
        .where(eq(instances.id, instanceId));
      return row !== undefined && !['deleted', 'deletion_failed', 'provision_failed'].includes(row.status);
    },

    /** The machine's weekly schedule, by Persian weekday. */
    async scheduleOf(instanceId: number) {
      return db
        .select()
        .from(instanceSchedules)
        .where(eq(instanceSchedules.instanceId, instanceId))
        .orderBy(instanceSchedules.weekday);
    },

    /** panel.instances.schedule: replaces the week in one transaction, with an activity entry. */
    async saveSchedule(
      user: Pick<User, 'id'>,
      instance: Pick<Instance, 'id'>,
      days: { weekday: number; start: string; stop: string }[],
      request: PowerRequestOptions = {},
    ) {
      await db.transaction(async (tx) => {
        const row = await lockOwn(tx, user.id, instance.id);
        await tx.delete(instanceSchedules).where(eq(instanceSchedules.instanceId, row.id));
        if (days.length > 0) {
          await tx.insert(instanceSchedules).values(
            days.map((d) => ({
              instanceId: row.id,
              weekday: d.weekday,
              startTime: d.start,
              stopTime: d.stop,
            })),
          );
        }
        await recordActivity(tx, {
          event: 'instance:schedule.updated',
          actorId: request.actorId ?? user.id,
          subject: { type: 'instance', id: row.id },
          ip: request.ip,
          userAgent: request.userAgent,
          properties: { uuid: row.uuid, days },
        });
      });
    },

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

    /** panel.instances.store: a new machine, pending, with its host and port reserved (make.ts). */
    async make(user: Pick<User, 'id'>, input: MakeInput, context: MakeContext = {}) {
      const result = await transactionWithBroadcasts(
        db,
        broadcaster,
        (tx, broadcast) => makeInstance(tx, broadcast, user, input, context),
        onPublishError,
      );
      notifyJobsEnqueued();
      return result;
    },

    /** panel.instances.review: the order as Make would make and charge it; nothing made (make.ts). */
    review: (user: User, input: Omit<MakeInput, 'idempotencyKey' | 'quotedPricePerHour'>, vatRate: number) =>
      reviewOrder(db, user, input, vatRate),

    /** The user's machines (not deleted) against `max_instances` (the Make page's `limits`). */
    async machineCount(user: Pick<User, 'id' | 'role'>): Promise<{ used: number; allowed: number | null }> {
      const [used] = await db
        .select({ n: count() })
        .from(instances)
        .where(and(eq(instances.userId, user.id), ne(instances.status, 'deleted')));
      const limit = await resolveLimit(db, user, 'max_instances');
      return { used: used?.n ?? 0, allowed: limit.allowed };
    },

    /** What stops this user from ordering the plan now (the Make page's `blockers`). */
    async blockersFor(user: User, plan: Parameters<typeof accountBlockers>[2]) {
      return accountBlockers(db, user, plan);
    },

    /** panel.instances.update: the owner's settings of the machine. */
    async updateSettings(
      user: Pick<User, 'id'>,
      instance: Pick<Instance, 'id'>,
      input: { name: string; idleStopMinutes: number | null; stopBelowBalance: number | null },
      request: PowerRequestOptions = {},
    ): Promise<Instance> {
      return transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          const row = await lockOwn(tx, user.id, instance.id);
          const [updated] = await tx
            .update(instances)
            .set({
              name: input.name,
              idleStopMinutes: input.idleStopMinutes,
              stopBelowBalance: input.stopBelowBalance,
              updatedAt: clock(),
            })
            .where(eq(instances.id, row.id))
            .returning();
          await recordActivity(tx, {
            event: 'instance:settings.updated',
            actorId: request.actorId ?? user.id,
            subject: { type: 'instance', id: row.id },
            ip: request.ip,
            userAgent: request.userAgent,
            properties: {
              uuid: row.uuid,
              name: row.name === input.name ? undefined : { from: row.name, to: input.name },
              idle_stop_minutes: input.idleStopMinutes,
              stop_below_balance: input.stopBelowBalance,
            },
          });
          broadcast({ ...instanceUpdated(updated!), socketId: request.socketId });
          return updated!;
        },
        onPublishError,
      );
    },

    /**
     * panel.instances.destroy: the owner typed the machine's name; it moves to `deleting` and the
     * destroy job stops it, removes it from its host and frees its port.
     */
    async requestDestroy(
      user: Pick<User, 'id'>,
      instance: Pick<Instance, 'id'>,
      confirmName: string,
      request: PowerRequestOptions = {},
    ): Promise<Instance> {
      return queuedChange(user, instance, request, async (tx, row) => {
        if (!request.staff && confirmName.trim() !== row.name.trim()) throw new InstanceConfirmNameError();
        if (!canChangeStatus(row.status, 'deleting')) {
          throw new InstanceActionNotAllowedError(
            row.status === 'deleting'
              ? 'این سرور در حال حذف است.'
              : 'سرور هنوز در حال آماده‌سازی است؛ پس از آماده شدن یا ناموفق ماندن آن می‌توانید حذفش کنید.',
          );
        }
        const payload: DestroyJobPayload = { instanceId: row.id, actorId: request.actorId ?? user.id };
        return {
          set: { status: 'deleting', failureReason: null },
          event: 'instance:delete.requested',
          properties: {
            from: row.status,
            power: row.power,
            via: request.via ?? null,
            ...(request.staff ? { reason: request.staff.reason } : {}),
          },
          job: { name: DESTROY_JOB, payload, key: `instance:${row.id}:destroy` },
        };
      });
    },

    /**
     * panel.instances.reinstall: the owner typed the machine's name and picked an image the plan
     * offers. The machine goes back to `provisioning` with the new image and no password; the
     * provision job destroys the old machine on the host, makes a new one and starts it. Host,
     * port and price stay.
     */
    async requestReinstall(
      user: Pick<User, 'id'>,
      instance: Pick<Instance, 'id'>,
      input: { imageId: number; confirmName: string },
      request: PowerRequestOptions = {},
    ): Promise<Instance> {
      return queuedChange(user, instance, request, async (tx, row) => {
        if (input.confirmName.trim() !== row.name.trim()) throw new InstanceConfirmNameError();
        if (row.status !== 'ready' || !canChangeStatus(row.status, 'provisioning')) {
          throw new InstanceActionNotAllowedError('نصب دوباره فقط برای سرور آماده ممکن است.');
        }
        if (row.power === 'starting' || row.power === 'stopping') {
          throw new InstanceActionNotAllowedError('سرور در حال روشن یا خاموش شدن است؛ چند لحظه صبر کنید.');
        }
        const offered = await imagesForPlan(tx, row.hardwareId);
        if (!offered.some((image) => image.id === input.imageId)) {
          throw new InstanceMakeRefusedError(
            'image',
            'RF_INSTANCE_IMAGE_UNAVAILABLE',
            'این تصویر نرم‌افزاری برای پلن این سرور در دسترس نیست؛ یکی از تصاویر فهرست را انتخاب کنید.',
          );
        }
        const payload: ProvisionJobPayload = {
          instanceId: row.id,
          ...(row.driverRef ? { replaces: row.driverRef } : {}),
        };
        return {
          set: {
            status: 'provisioning',
            power: 'stopped',
            imageId: input.imageId,
            runningSince: null,
            passwordEncrypted: null,
            failureReason: null,
            failureDetail: null,
          },
          event: 'instance:reinstall.requested',
          properties: { from_image: row.imageId, to_image: input.imageId },
          job: { name: PROVISION_JOB, payload, key: `instance:${row.id}:provision` },
        };
      });
    },

    /**
     * panel.instances.password: the RDP password, shown once. The one chosen at provisioning is
     * handed over and then forgotten (only its owner ever reads it); after that, each request
     * sets a new one in the running machine through the driver.
     */
    async takePassword(
      user: Pick<User, 'id'>,
      instance: Pick<Instance, 'id'>,
      request: PowerRequestOptions = {},
    ) {
      // A new password is set in the guest before any transaction opens: the driver may take its
      // time (and the simulated one writes to the database itself), and a row lock must not wait on it.
      const [current] = await db.select().from(instances).where(eq(instances.id, instance.id));
      let fresh: string | null = null;
      if (
        current &&
        !current.passwordEncrypted &&
        current.userId === user.id &&
        current.status !== 'deleted'
      ) {
        if (
          current.status !== 'ready' ||
          current.power !== 'running' ||
          !current.driverRef ||
          !current.resourceId
        ) {
          throw new InstanceActionNotAllowedError('برای گذرواژهٔ تازه، سرور باید روشن باشد؛ نخست روشنش کنید.');
        }
        const host = await findHost(db, current.resourceId);
        if (!host)
          throw new InstanceActionNotAllowedError('میزبان این سرور پیدا نشد؛ با پشتیبانی تماس بگیرید.');
        fresh = newMachinePassword();
        try {
          await options.drivers(host).setPassword(current.driverRef, current.username, fresh);
        } catch {
          throw new InstanceActionNotAllowedError(
            'گذرواژهٔ تازه روی سرور ثبت نشد؛ چند لحظه بعد دوباره تلاش کنید و اگر نشد، تیکت بفرستید.',
          );
        }
      }
      return transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx) => {
          const row = await lockOwn(tx, user.id, instance.id);
          // The provisioning password, if it is still waiting, is the one handed over.
          const password = row.passwordEncrypted
            ? decryptString(options.appKey, row.passwordEncrypted)
            : fresh;
          if (!password) throw new InstanceActionNotAllowedError('چند لحظه بعد دوباره تلاش کنید.');
          await tx
            .update(instances)
            .set({ passwordEncrypted: null, updatedAt: clock() })
            .where(eq(instances.id, row.id));
          await recordActivity(tx, {
            event: row.passwordEncrypted ? 'instance:password.revealed' : 'instance:password.reset',
            actorId: request.actorId ?? user.id,
            subject: { type: 'instance', id: row.id },
            ip: request.ip,
            userAgent: request.userAgent,
            properties: { uuid: row.uuid },
          });
          return { password, fresh: !row.passwordEncrypted };
        },
        onPublishError,
      );
    },

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
      const actorOf = (owner: Pick<User, 'id'>) =>
        request.actorId === undefined ? owner.id : request.actorId;
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
          if (action === 'start' && !request.staff) await checkStartRules(tx, owner, row);

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
          await recordMachineChange(tx, {
            event: `instance:power.${action}`,
            actorId: actorOf(owner),
            staff: Boolean(request.staff),
            before: row,
            after: updated!,
            reason: request.staff?.reason,
            ip: request.ip,
            userAgent: request.userAgent,
            properties: {
              uuid: row.uuid,
              from: row.power,
              force,
              via: request.via ?? null,
              ...(request.staff ? { reason: request.staff.reason } : {}),
            },
          });
          const payload: PowerJobPayload = {
            instanceId: row.id,
            action,
            force,
            actorId: actorOf(owner),
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
          await request.inTransaction?.(tx, updated!, broadcast);
          broadcast({ ...instanceUpdated(updated!), socketId: request.socketId });
          return { instance: updated!, job };
        },
        onPublishError,
      );
      notifyJobsEnqueued();
      return result;
    },
  };

  /**
   * A change of a machine's life that a job carries out (delete, reinstall): in one transaction the
   * owner's machine locked, the caller's checks and new values, the activity entry, the job, and
   * the `InstanceUpdated` event after the commit; the worker is nudged once it is committed.
   */
  async function queuedChange(
    user: Pick<User, 'id'>,
    instance: Pick<Instance, 'id'>,
    request: PowerRequestOptions,
    decide: (
      tx: Database,
      row: Instance,
    ) => Promise<{
      set: Partial<typeof instances.$inferInsert>;
      event: string;
      properties: Record<string, unknown>;
      job: { name: string; payload: Record<string, unknown>; key: string };
    }>,
  ): Promise<Instance> {
    const result = await transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const row = await lockOwn(tx, user.id, instance.id);
        const change = await decide(tx, row);
        const now = clock();
        const [updated] = await tx
          .update(instances)
          .set({ ...change.set, powerChangedAt: now, updatedAt: now })
          .where(eq(instances.id, row.id))
          .returning();
        await recordMachineChange(tx, {
          event: change.event,
          actorId: request.actorId ?? user.id,
          staff: Boolean(request.staff),
          before: row,
          after: updated!,
          reason: request.staff?.reason,
          ip: request.ip,
          userAgent: request.userAgent,
          properties: { uuid: row.uuid, ...change.properties },
        });
        await enqueue(tx, change.job.name, change.job.payload, {
          singletonKey: change.job.key,
          maxAttempts: 5,
        });
        broadcast({ ...instanceUpdated(updated!), socketId: request.socketId });
        return updated!;
      },
      onPublishError,
    );
    notifyJobsEnqueued();
    return result;
  }

  /** The owner's live machine, row-locked for a change; anything else is not found. */
  async function lockOwn(tx: Database, userId: number, instanceId: number): Promise<Instance> {
    const [row] = await tx
      .select()
      .from(instances)
      .where(and(eq(instances.id, instanceId), eq(instances.userId, userId)))
      .for('update');
    if (!row || row.status === 'deleted') throw new InstanceNotFoundError();
    return row;
  }

  /** docs/domain.md: starting needs an approved identity, `min_balance_hours` of the price, and room under `max_running`. */
  async function checkStartRules(tx: Database, owner: User, row: Instance): Promise<void> {
    if (owner.kycStatus !== 'approved') throw new InstanceKycRequiredError();
    const hours = await minBalanceHours(tx);
    const required = minimumFor(row.pricePerHour, hours);
    if (owner.balance < required) throw new InstanceBalanceTooLowError(required, owner.balance, hours);
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
