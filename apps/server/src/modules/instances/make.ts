import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faNumber, faToman } from '../../lib/persian';
import type { BroadcastEvent } from '../../platform/broadcasting';
import { enqueue } from '../../platform/jobs';
import { recordActivity } from '../activity';
import {
  findImage,
  findLocation,
  findPlan,
  freeSlots,
  type Image,
  imagesForPlan,
  type Location,
  mayUser,
  type Plan,
  reserveHostAndPort,
} from '../catalog';
import { lockUser, type User } from '../users';
import type { MakeReview } from './contracts';
import { InstanceMakeRefusedError } from './errors';
import { instanceUpdated } from './events';
import { hourlyQuote } from './hourly-quote';
import { PROVISION_JOB } from './job-names';
import { hoursText, minBalanceHours, minimumFor } from './settings';
import { type Instance, instances } from './tables';

export interface MakeInput {
  hardware: string;
  location: string;
  image: number;
  name: string;
  /** The form's idempotency key: the same key twice is one machine. */
  idempotencyKey: string;
  /** Rial per hour the review showed; the order is refused when the price has changed since. */
  quotedPricePerHour?: number | undefined;
}

export interface MakeContext {
  ip?: string | null;
  userAgent?: string | null;
  via?: string;
}

/** A refusal of Make and the form field it is shown under. */
export interface MakeBlocker {
  field: 'hardware' | 'location' | 'image' | 'name' | 'make';
  code: string;
  message: string;
}

function refuse(blocker: MakeBlocker): never {
  throw new InstanceMakeRefusedError(blocker.field, blocker.code, blocker.message);
}

const priceChanged = (title: string): MakeBlocker => ({
  field: 'make',
  code: 'RF_INSTANCE_PRICE_CHANGED',
  message: `قیمت پلن «${title}» از زمان بازبینی تغییر کرده است؛ سفارش را دوباره بازبینی کنید تا با قیمت تازه تأیید شود.`,
});

/**
 * What Make and its review both check, in this order: the plan, the location and the image on
 * offer, then what stops the account (accountBlockers). Refuses with the first problem.
 */
async function checkOrder(
  db: Database,
  owner: User,
  input: Pick<MakeInput, 'hardware' | 'location' | 'image'>,
): Promise<{ plan: Plan; location: Location; image: Image }> {
  const plan = await findPlan(db, { slug: input.hardware });
  if (!plan || plan.status !== 'active') {
    refuse({
      field: 'hardware',
      code: 'RF_INSTANCE_PLAN_UNAVAILABLE',
      message: 'این پلن برای اجاره در دسترس نیست؛ یکی از پلن‌های فهرست را انتخاب کنید.',
    });
  }
  const location = await findLocation(db, { code: input.location });
  if (!location || !location.isActive) {
    refuse({
      field: 'location',
      code: 'RF_INSTANCE_LOCATION_UNAVAILABLE',
      message: 'این دیتاسنتر اکنون سرور تازه نمی‌پذیرد؛ دیتاسنتر دیگری انتخاب کنید.',
    });
  }
  const image = await findImage(db, input.image);
  const offered = image?.isActive && (await imagesForPlan(db, plan.id)).some((i) => i.id === image.id);
  if (!image || !offered) {
    refuse({
      field: 'image',
      code: 'RF_INSTANCE_IMAGE_UNAVAILABLE',
      message: 'این تصویر نرم‌افزاری برای این پلن در دسترس نیست؛ یکی از تصاویر فهرست را انتخاب کنید.',
    });
  }
  const [blocker] = await accountBlockers(db, owner, plan);
  if (blocker) refuse(blocker);

  return { plan, location, image };
}

/**
 * panel.instances.review: the order as Make would carry it out and charge it, checked the same way
 * (and for a free place in the location) but with nothing made or reserved. The page shows it for
 * confirmation and sends its hourly price back with the order.
 */
export async function reviewOrder(
  db: Database,
  owner: User,
  input: Omit<MakeInput, 'idempotencyKey' | 'quotedPricePerHour'>,
  vatRate: number,
): Promise<MakeReview> {
  const { plan, location, image } = await checkOrder(db, owner, input);
  const free = (await freeSlots(db)).find((s) => s.hardwareId === plan.id && s.locationId === location.id);
  if ((free?.free ?? 0) <= 0) refuse(noCapacity(location.name, plan.title));
  return {
    hardware: plan.slug,
    title: plan.title,
    location: location.code,
    location_name: location.name,
    image: image.id,
    image_name: image.name,
    name: input.name,
    setup_fee: plan.setupFee,
    ...hourlyQuote(plan.pricePerHour, vatRate, owner.balance),
  };
}

const noCapacity = (location: string, plan: string): MakeBlocker => ({
  field: 'location',
  code: 'RF_INSTANCE_NO_CAPACITY',
  message: `در دیتاسنتر «${location}» اکنون سرور آزادی از پلن «${plan}» نیست؛ دیتاسنتر دیگری را امتحان کنید یا کمی بعد دوباره سر بزنید.`,
});

/**
 * What stops this user from ordering this plan now, before any host is looked at: identity, the
 * machine limits, the plan's per-user limit and stock, and `min_balance_hours` of the price (plus
 * the setup fee) in the wallet.
 * The Make page shows these as `blockers`; Make checks them again under the user's row lock.
 */
export async function accountBlockers(
  db: Database,
  owner: User,
  plan: {
    id: number;
    title: string;
    pricePerHour: number;
    setupFee: number;
    perUserLimit: number | null;
    stock: number | null;
  },
): Promise<MakeBlocker[]> {
  const blockers: MakeBlocker[] = [];
  if (owner.kycStatus !== 'approved') {
    blockers.push({
      field: 'make',
      code: 'RF_INSTANCE_KYC_REQUIRED',
      message: 'برای اجارهٔ سرور، نخست باید احراز هویت شما تأیید شده باشد.',
    });
  }
  const live = and(eq(instances.userId, owner.id), ne(instances.status, 'deleted'));
  const machines = await mayUser(db, owner, 'max_instances', {
    hardwareId: plan.id,
    // A limit set on a plan counts that plan's machines; any other counts all of the user's.
    used: async (scope) => {
      const [used] = await db
        .select({ n: count() })
        .from(instances)
        .where(scope === 'hardware' ? and(live, eq(instances.hardwareId, plan.id)) : live);
      return used?.n ?? 0;
    },
  });
  if (!machines.allowed) {
    blockers.push({ field: 'make', code: 'RF_INSTANCE_LIMIT_REACHED', message: machines.message });
  }
  if (plan.perUserLimit !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(instances)
      .where(and(live, eq(instances.hardwareId, plan.id)));
    if ((used?.n ?? 0) >= plan.perUserLimit) {
      blockers.push({
        field: 'hardware',
        code: 'RF_INSTANCE_PLAN_LIMIT_REACHED',
        message: `از پلن «${plan.title}» حداکثر ${faNumber(plan.perUserLimit)} سرور برای هر کاربر مجاز است.`,
      });
    }
  }
  if (plan.stock !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(instances)
      .where(and(ne(instances.status, 'deleted'), eq(instances.hardwareId, plan.id)));
    if ((used?.n ?? 0) >= plan.stock) {
      blockers.push({
        field: 'hardware',
        code: 'RF_INSTANCE_OUT_OF_STOCK',
        message: `موجودی پلن «${plan.title}» تمام شده است؛ پلن دیگری انتخاب کنید یا بعداً سر بزنید.`,
      });
    }
  }
  const hours = await minBalanceHours(db);
  const needed = minimumFor(plan.pricePerHour, hours) + plan.setupFee;
  if (owner.balance < needed) {
    blockers.push({
      field: 'make',
      code: 'RF_INSTANCE_BALANCE_TOO_LOW',
      message: `برای اجارهٔ این سرور دست‌کم ${faToman(needed)} موجودی لازم است (هزینهٔ ${hoursText(hours)}${plan.setupFee > 0 ? ' و راه‌اندازی' : ''})؛ موجودی شما ${faToman(owner.balance)} است. ${faToman(needed - owner.balance)} دیگر شارژ کنید.`,
    });
  }
  return blockers;
}

/**
 * panel.instances.store (docs/domain.md, Make), in the caller's transaction: the user's row locked
 * (so one user's Makes queue up and cannot both slip under a limit), the form's key looked up (a
 * double submit returns the first machine), the plan, location and image checked, the account
 * blockers, then a host and a free port reserved with row locks. The machine starts `pending`
 * with a provisioning job queued in the same transaction.
 */
export async function makeInstance(
  tx: Database,
  broadcast: (event: BroadcastEvent) => void,
  user: Pick<User, 'id'>,
  input: MakeInput,
  context: MakeContext = {},
): Promise<{ instance: Instance; created: boolean }> {
  const owner = await lockUser(tx, user.id);
  if (!owner) refuse({ field: 'make', code: 'RF_INSTANCE_NOT_FOUND', message: 'حساب کاربری پیدا نشد.' });
  const [existing] = await tx
    .select()
    .from(instances)
    .where(and(eq(instances.userId, owner!.id), eq(instances.idempotencyKey, input.idempotencyKey)));
  if (existing) return { instance: existing, created: false };

  const { plan, location, image } = await checkOrder(tx, owner!, input);
  if (input.quotedPricePerHour !== undefined && input.quotedPricePerHour !== plan.pricePerHour) {
    refuse(priceChanged(plan.title));
  }

  const [row] = await tx
    .insert(instances)
    .values({
      userId: owner!.id,
      hardwareId: plan.id,
      locationId: location.id,
      imageId: image.id,
      name: input.name,
      status: 'pending',
      power: 'stopped',
      pricePerHour: plan.pricePerHour,
      idempotencyKey: input.idempotencyKey,
    })
    .returning();
  const place = await reserveHostAndPort(tx, {
    hardwareId: plan.id,
    locationId: location.id,
    instanceId: row!.id,
  });
  if (!place) {
    // Throwing rolls the insert back: nothing stays reserved.
    refuse(noCapacity(location.name, plan.title));
  }
  const [instance] = await tx
    .update(instances)
    .set({ resourceId: place!.resourceId, portId: place!.portId })
    .where(eq(instances.id, row!.id))
    .returning();
  await recordActivity(tx, {
    event: 'instance:created',
    actorId: owner!.id,
    subject: { type: 'instance', id: row!.id },
    ip: context.ip,
    userAgent: context.userAgent,
    properties: {
      uuid: row!.uuid,
      plan: plan.slug,
      location: location.code,
      image: image.name,
      price_per_hour: plan.pricePerHour,
      via: context.via ?? null,
    },
  });
  await enqueue(
    tx,
    PROVISION_JOB,
    { instanceId: row!.id },
    { singletonKey: `instance:${row!.id}:provision`, maxAttempts: 5 },
  );
  broadcast(instanceUpdated(instance!));
  return { instance: instance!, created: true };
}
