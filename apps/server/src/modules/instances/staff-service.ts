import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MobileViewer, mobileAsSeenBy } from '../../lib/mobile';
import {
  type BroadcastEvent,
  type Broadcaster,
  transactionWithBroadcasts,
} from '../../platform/broadcasting';
import { enqueue, jobsForInstance, notifyJobsEnqueued } from '../../platform/jobs';
import { activityLabel, findActivityForSubject, findSubjectEvents, type RequestContext } from '../activity';
import {
  findHost,
  findPort,
  type HostRefusal,
  moveTargets,
  parkPort,
  placementDetails,
  reserveHostAndPort,
  reserveOnHost,
} from '../catalog';
import { searchUserIds, userCards, userNames } from '../users';
import type { StaffMachineRow, StaffMachineView } from './contracts';
import { InstanceActionNotAllowedError, InstanceMoveRefusedError, InstanceNotFoundError } from './errors';
import { instanceUpdated } from './events';
import { driverFailureText } from './failure-codes';
import { PROVISION_JOB } from './job-names';
import { recordMachineChange } from './machine-audit';
import type { MachineMoney } from './machine-money';
import { noticeOwner } from './owner-notice';
import type { ProvisionJobPayload } from './provision-job';
import { allowedPowerActions, canChangeStatus } from './state-machine';
import { INSTANCE_POWER_STATES, INSTANCE_STATUSES, type Instance, instances } from './tables';

export interface StaffMachineFilter {
  q?: string | undefined;
  status?: string | undefined;
  power?: string | undefined;
  location?: number | undefined;
  plan?: number | undefined;
  host?: number | undefined;
}

const UUID_PREFIX = /^[0-9a-f-]{4,36}$/i;

/**
 * Customers' machines as staff see them (Care/Instances, Admin/Instances, docs/screens.md §5–6):
 * lists with search and filters, one machine with its owner, history and (for admins) host and
 * jobs, and the staff-only changes: suspend, retry a failed provisioning. Power and deletion go
 * through the instance service with `staff` set. Nothing here reads a password.
 */
export function createStaffMachines(options: {
  db: Database;
  broadcaster: Broadcaster;
  /** Billing's (machine-money.ts), asked when a page needs it. */
  money: () => MachineMoney;
  onPublishError?: (e: unknown) => void;
}) {
  const { db, broadcaster } = options;
  const onPublishError = options.onPublishError ?? (() => {});

  async function rowsToList(rows: Instance[], admin: boolean): Promise<StaffMachineRow[]> {
    const [details, owners, hosts] = await Promise.all([
      placementDetails(db, {
        hardwareIds: rows.map((r) => r.hardwareId),
        locationIds: rows.map((r) => r.locationId),
        portIds: rows.flatMap((r) => (r.portId ? [r.portId] : [])),
      }),
      userNames(
        db,
        rows.map((r) => r.userId),
      ),
      admin
        ? Promise.all(
            [...new Set(rows.flatMap((r) => (r.resourceId ? [r.resourceId] : [])))].map((id) =>
              findHost(db, id),
            ),
          )
        : [],
    ]);
    return rows.map((row) => {
      const port = row.portId ? details.ports.get(row.portId) : undefined;
      return {
        id: row.id,
        uuid: row.uuid,
        name: row.name,
        owner: { id: row.userId, name: owners.get(row.userId)?.name ?? '' },
        plan: details.plans.get(row.hardwareId)?.title ?? '',
        location: details.locations.get(row.locationId)?.name ?? '',
        status: row.status,
        power: row.power,
        price_per_hour: row.pricePerHour,
        running_since: row.runningSince?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
        address: port && port.status === 'bound' ? `${port.publicIp}:${port.publicPort}` : null,
        host: admin ? (hosts.find((h) => h?.id === row.resourceId)?.name ?? null) : null,
      };
    });
  }

  return {
    async list(filter: StaffMachineFilter, page: { page: number; perPage: number }, admin: boolean) {
      const conditions: (SQL | undefined)[] = [ne(instances.status, 'deleted')];
      if (filter.status && (INSTANCE_STATUSES as readonly string[]).includes(filter.status)) {
        conditions[0] = eq(instances.status, filter.status as Instance['status']);
      }
      if (filter.power && (INSTANCE_POWER_STATES as readonly string[]).includes(filter.power)) {
        conditions.push(eq(instances.power, filter.power as Instance['power']));
      }
      if (filter.location) conditions.push(eq(instances.locationId, filter.location));
      if (filter.plan) conditions.push(eq(instances.hardwareId, filter.plan));
      if (filter.host) conditions.push(eq(instances.resourceId, filter.host));
      const q = filter.q?.trim();
      if (q) {
        const owners = await searchUserIds(db, q);
        const matches: (SQL | undefined)[] = [
          ilike(instances.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ];
        if (owners.length > 0) matches.push(inArray(instances.userId, owners));
        if (UUID_PREFIX.test(q)) matches.push(sql`${instances.uuid}::text like ${`${q.toLowerCase()}%`}`);
        conditions.push(or(...matches));
      }
      const rows = await db
        .select()
        .from(instances)
        .where(and(...conditions))
        .orderBy(desc(instances.id))
        .limit(page.perPage + 1)
        .offset((page.page - 1) * page.perPage);
      return {
        rows: await rowsToList(rows.slice(0, page.perPage), admin),
        hasMore: rows.length > page.perPage,
      };
    },

    async find(id: number): Promise<Instance> {
      const [row] = await db.select().from(instances).where(eq(instances.id, id));
      if (!row || row.status === 'deleted') throw new InstanceNotFoundError();
      return row;
    },

    async view(id: number, viewer: MobileViewer): Promise<StaffMachineView> {
      const admin = viewer.role === 'admin';
      const row = await this.find(id);
      const [[listed], details, owners, activity, jobs, host, port, targets] = await Promise.all([
        rowsToList([row], admin),
        placementDetails(db, { hardwareIds: [], locationIds: [], imageIds: [row.imageId] }),
        userCards(db, [row.userId]),
        findActivityForSubject(db, { type: 'instance', id: row.id }, 30),
        admin ? jobsForInstance(db, row.id) : [],
        admin && row.resourceId ? findHost(db, row.resourceId) : undefined,
        admin && row.portId ? findPort(db, row.portId) : undefined,
        admin && row.status === 'ready' ? moveTargets(db, row.hardwareId) : [],
      ]);
      const actors = await userNames(
        db,
        activity.flatMap((a) => (a.actorId ? [a.actorId] : [])),
      );
      const owner = owners.get(row.userId);
      return {
        machine: {
          ...listed!,
          image: details.images.get(row.imageId)?.name ?? '',
          actions: allowedPowerActions(row.status, row.power),
          // Staff read the cause (a code's Persian text); the driver's words go to failure_detail.
          failure_reason: driverFailureText(row.failureCode) ?? row.failureReason,
          suspend_reason: row.suspendReason,
          idle_stop_minutes: row.idleStopMinutes,
        },
        owner: owner
          ? {
              id: owner.id,
              name: owner.name,
              email: owner.email,
              mobile: mobileAsSeenBy(owner.mobile, owner.id, viewer),
              balance: owner.balance,
              kyc_status: owner.kycStatus,
              status: owner.status,
            }
          : null,
        timeline: activity.map((entry) => ({
          id: entry.id,
          event: entry.event,
          label: activityLabel(entry.event),
          at: entry.at.toISOString(),
          actor: entry.actorId ? (actors.get(entry.actorId)?.name ?? null) : null,
          reason: typeof entry.properties?.reason === 'string' ? entry.properties.reason : null,
        })),
        admin: admin
          ? {
              host: host
                ? { id: host.id, name: host.name, address: host.address, driver: host.driver }
                : null,
              port: port
                ? { id: port.id, public_ip: port.publicIp, public_port: port.publicPort, status: port.status }
                : null,
              driver_ref: row.driverRef,
              failure_detail: row.failureDetail,
              move_targets: targets
                .filter((t) => t.id !== row.resourceId)
                .map((t) => ({
                  id: t.id,
                  name: t.name,
                  location: t.location,
                  ports: t.ports.map((p) => ({ id: p.id, label: `${p.publicIp}:${p.publicPort}` })),
                })),
              jobs: jobs.map((job) => ({
                id: job.id,
                name: job.name,
                state: job.state,
                attempts: job.attempts,
                max_attempts: job.maxAttempts,
                last_error: job.lastError,
                created_at: job.createdAt.toISOString(),
              })),
            }
          : null,
      };
    },

    /**
     * The machine's running sessions and what they cost (Admin/Instances/Item): billing's own
     * record (usage_sessions and the ledger's usage lines), never a price multiplied here, so the
     * page and the customer's wallet always agree.
     */
    async usageSessions(id: number) {
      const row = await this.find(id);
      return { machine: row, sessions: await options.money().charges(db, row.id) };
    },

    /** ready ⇄ suspended with the reason its owner reads; a machine that is on must be stopped first. */
    async suspend(
      staffId: number,
      id: number,
      suspended: boolean,
      reason: string,
      context: RequestContext = {},
    ) {
      await transactionWithBroadcasts(
        db,
        broadcaster,
        async (tx, broadcast) => {
          const row = await lockMachine(tx, id);
          const to = suspended ? 'suspended' : 'ready';
          if (row.status === to) return;
          if (!canChangeStatus(row.status, to)) {
            throw new InstanceActionNotAllowedError(
              suspended ? 'فقط سرور آماده معلق می‌شود.' : 'این سرور معلق نیست.',
            );
          }
          if (suspended && row.power !== 'stopped') {
            throw new InstanceActionNotAllowedError(
              'سرور روشن است؛ نخست خاموشش کنید (با «خاموش کردن فوری» اگر لازم است)، بعد معلقش کنید.',
            );
          }
          const [updated] = await tx
            .update(instances)
            .set({ status: to, suspendReason: suspended ? reason : null, updatedAt: new Date() })
            .where(eq(instances.id, row.id))
            .returning();
          await recordMachineChange(tx, {
            event: suspended ? 'instance:suspended' : 'instance:unsuspended',
            actorId: staffId,
            staff: true,
            before: row,
            after: updated!,
            reason,
            ...context,
            properties: { uuid: row.uuid, reason },
          });
          broadcast(instanceUpdated(updated!, suspended ? reason : null));
        },
        onPublishError,
      );
    },

    /** provision_failed → provisioning: the provisioning job again, with a port (reserved anew if it was taken back). */
    async retry(staffId: number, id: number, context: RequestContext = {}) {
      await reprovision(staffId, id, context, async (tx, row) => {
        if (row.status !== 'provision_failed') {
          throw new InstanceActionNotAllowedError(
            'فقط سروری که آماده‌سازی‌اش ناموفق مانده دوباره ساخته می‌شود.',
          );
        }
        let place = { resourceId: row.resourceId, portId: row.portId };
        const port = row.portId ? await findPort(tx, row.portId) : undefined;
        if (!port || port.instanceId !== row.id) {
          const reserved = await reserveHostAndPort(tx, {
            hardwareId: row.hardwareId,
            locationId: row.locationId,
            instanceId: row.id,
          });
          if (!reserved) {
            throw new InstanceActionNotAllowedError(
              'میزبان یا پورت آزادی برای این سرور نیست؛ نخست ظرفیت بیفزایید.',
            );
          }
          place = { resourceId: reserved.resourceId, portId: reserved.portId };
        }
        return {
          set: place,
          event: 'instance:provision.retried',
          properties: {},
          payload: { instanceId: row.id },
        };
      });
    },

    /**
     * admin.instances.move: a stopped, ready machine goes to another host of its plan (the chosen
     * port, or the host's lowest free one). Drivers have no migration, so the provision job makes
     * the machine again on the new host from its image (a new password; the old disk does not
     * come along), after removing the old VM and freeing the old port, which stays held meanwhile.
     */
    async move(
      staffId: number,
      id: number,
      input: { resourceId: number; portId: number | null; reason: string },
      context: RequestContext = {},
    ) {
      await reprovision(staffId, id, context, async (tx, row, broadcast) => {
        if (
          row.status !== 'ready' ||
          row.power !== 'stopped' ||
          !canChangeStatus(row.status, 'provisioning')
        ) {
          throw new InstanceActionNotAllowedError('فقط سرور آمادهٔ خاموش جابه‌جا می‌شود؛ نخست خاموشش کنید.');
        }
        if (input.resourceId === row.resourceId) {
          throw new InstanceMoveRefusedError(
            'resource_id',
            'RF_INSTANCE_MOVE_SAME_HOST',
            'سرور همین حالا روی این میزبان است.',
          );
        }
        if (row.portId) await parkPort(tx, row.portId);
        const place = await reserveOnHost(tx, {
          resourceId: input.resourceId,
          hardwareId: row.hardwareId,
          instanceId: row.id,
          portId: input.portId,
        });
        if (!place.ok) {
          const [field, message] = MOVE_REFUSALS[place.refusal];
          const code = `RF_INSTANCE_MOVE_${place.refusal.toUpperCase().replace('-', '_')}`;
          throw new InstanceMoveRefusedError(field, code, message);
        }
        const address = `${place.publicIp}:${place.publicPort}`;
        await noticeOwner(tx, broadcast, {
          userId: row.userId,
          uuid: row.uuid,
          key: `move-${row.id}-${Date.now()}`,
          title: `سرور «${row.name}» به میزبان دیگری منتقل می‌شود`,
          body: `پشتیبانی سرور شما را جابه‌جا کرد (${input.reason}). سرور روی میزبان تازه از همان تصویر نرم‌افزاری ساخته می‌شود و نشانی اتصالش ${address} است؛ گذرواژهٔ تازه را پس از آماده شدن از صفحهٔ سرور بگیرید. فایل‌های دیسک قبلی منتقل نمی‌شوند.`,
        });
        return {
          set: {
            resourceId: place.resourceId,
            locationId: place.locationId,
            portId: place.portId,
            passwordEncrypted: null,
            runningSince: null,
            powerChangedAt: new Date(),
          },
          event: 'instance:moved',
          properties: {
            reason: input.reason,
            from_resource: row.resourceId,
            to_resource: place.resourceId,
            address,
          },
          payload: {
            instanceId: row.id,
            ...(row.driverRef ? { replaces: row.driverRef } : {}),
            ...(row.resourceId && row.portId
              ? { from: { resourceId: row.resourceId, portId: row.portId } }
              : {}),
          },
        };
      });
    },
  };

  /** The machine, row-locked for a staff change; a deleted one is not found. */
  async function lockMachine(tx: Database, id: number): Promise<Instance> {
    const [row] = await tx.select().from(instances).where(eq(instances.id, id)).for('update');
    if (!row || row.status === 'deleted') throw new InstanceNotFoundError();
    return row;
  }

  /**
   * A staff change that makes the machine again (retry, move): in one transaction the machine
   * locked, the caller's checks and new place, `provisioning` with the failure cleared, the activity
   * entry, the provision job, and the `InstanceUpdated` event after the commit.
   */
  async function reprovision(
    staffId: number,
    id: number,
    context: RequestContext,
    decide: (
      tx: Database,
      row: Instance,
      broadcast: (event: BroadcastEvent) => void,
    ) => Promise<{
      set: Partial<typeof instances.$inferInsert>;
      event: string;
      properties: Record<string, unknown>;
      payload: ProvisionJobPayload;
    }>,
  ): Promise<void> {
    await transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const row = await lockMachine(tx, id);
        const change = await decide(tx, row, broadcast);
        const [updated] = await tx
          .update(instances)
          .set({
            status: 'provisioning',
            failureReason: null,
            failureDetail: null,
            failureCode: null,
            ...change.set,
            updatedAt: new Date(),
          })
          .where(eq(instances.id, row.id))
          .returning();
        await recordMachineChange(tx, {
          event: change.event,
          actorId: staffId,
          staff: true,
          before: row,
          after: updated!,
          reason: typeof change.properties.reason === 'string' ? change.properties.reason : null,
          ...context,
          properties: { uuid: row.uuid, ...change.properties },
        });
        await enqueue(tx, PROVISION_JOB, change.payload, {
          singletonKey: `instance:${row.id}:provision`,
          maxAttempts: 5,
        });
        broadcast(instanceUpdated(updated!));
      },
      onPublishError,
    );
    notifyJobsEnqueued();
  }
}

const MOVE_REFUSALS: Record<HostRefusal, ['resource_id' | 'port_id', string]> = {
  'no-host': ['resource_id', 'این میزبان پیدا نشد.'],
  'other-plan': ['resource_id', 'این میزبان از پلن دیگری است؛ سرور فقط به میزبان همان پلن می‌رود.'],
  unavailable: ['resource_id', 'این میزبان در دسترس نیست (در تعمیر یا خاموش)؛ میزبان دیگری انتخاب کنید.'],
  full: ['resource_id', 'این میزبان جای خالی یا پورت آزاد ندارد.'],
  'port-taken': [
    'port_id',
    'این پورت آزاد نیست یا از این میزبان نیست؛ پورت دیگری انتخاب کنید یا خالی بگذارید.',
  ],
};

export type StaffMachines = ReturnType<typeof createStaffMachines>;
