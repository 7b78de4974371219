import { eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { faNumber, faToman } from '../../lib/persian';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { JobLog } from '../../platform/jobs';
import { readConfig } from '../catalog';
import type { InstanceService } from '../instances';
import { runningMachinesOf } from '../instances';
import { notify } from '../notifications';
import { lockUser } from '../users';
import { balanceChanged } from './events';
import { usageSessions, walletAlerts } from './tables';
import { chargeDueMinutes } from './usage-charge';

/** How long machines get to shut down on their own at zero balance before they are forced off. */
export const FORCE_STOP_AFTER_MS = 5 * 60_000;

const TOP_UP_PATH = '/panel/payments/create';

export interface UsageTickOptions {
  db: Database;
  broadcaster: Broadcaster;
  requestPower: InstanceService['requestPower'];
  log?: JobLog;
}

export interface UsageTickResult {
  /** Wallets charged, machine-minutes charged (0 Rial minutes of a free plan included). */
  users: number;
  minutes: number;
  /** Machines asked to stop because their owner's balance reached zero. */
  stopped: number;
}

/**
 * The usage tick (docs/domain.md, Usage): charges every machine-minute due by `now` and acts on
 * what the balance then says. One transaction per wallet: its row locked, every unsettled session
 * of its machines charged minute by minute through postLedgerEntry (key `usage:{instance}:{minute}`,
 * so a tick re-run after a crash charges nothing twice), the sessions' progress saved, the
 * low-balance and zero-balance episodes moved, and one `BalanceChanged` after the commit. Minutes
 * missed while the worker was down are all due at the next tick, so it catches up by itself.
 * Machines at zero are stopped after that commit through the instance service, as their owner
 * would stop them; once a machine is asked to stop, its session ends, so the balance goes below
 * zero by at most the minutes of one tick.
 */
export function createUsageTick(options: UsageTickOptions) {
  const { db, broadcaster, log } = options;
  const publishFailed = (error: unknown) => log?.warn({ err: error }, 'wallet event not published');

  async function chargeWallet(
    userId: number,
    now: Date,
    warnMinutes: number,
  ): Promise<{ minutes: number; stop: 'graceful' | 'force' | null }> {
    return transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const owner = await lockUser(tx, userId);
        if (!owner) return { minutes: 0, stop: null };
        const { balance, minutes, burn } = await chargeDueMinutes(tx, owner, now);
        if (balance !== owner.balance) broadcast(balanceChanged(userId, balance));
        const stop = await moveEpisodes(tx, broadcast, { userId, balance, burn, now, warnMinutes });
        return { minutes, stop };
      },
      publishFailed,
    );
  }

  /**
   * The wallet's episodes: below the warning level one notice (until a top-up lifts it above);
   * at zero one notice and a stop, forced once the grace period has passed.
   */
  async function moveEpisodes(
    tx: Database,
    broadcast: Parameters<Parameters<typeof transactionWithBroadcasts>[2]>[1],
    wallet: {
      userId: number;
      balance: number;
      burn: number;
      now: Date;
      warnMinutes: number;
    },
  ): Promise<'graceful' | 'force' | null> {
    const { userId, balance, burn, now } = wallet;
    const [alert] = await tx.select().from(walletAlerts).where(eq(walletAlerts.userId, userId));
    const warnBelow = Math.ceil((burn * wallet.warnMinutes) / 60);
    const next = {
      lowBalanceAt: alert?.lowBalanceAt ?? null,
      depletedAt: alert?.depletedAt ?? null,
      forcedAt: alert?.forcedAt ?? null,
    };
    let stop: 'graceful' | 'force' | null = null;

    if (balance > 0) {
      next.depletedAt = null;
      next.forcedAt = null;
      if (burn > 0 && balance < warnBelow) {
        if (!next.lowBalanceAt) {
          next.lowBalanceAt = now;
          const left = Math.max(1, Math.floor((balance * 60) / burn));
          await notify(tx, broadcast, {
            userId,
            event: 'low_balance',
            key: `low-balance-${userId}-${now.getTime()}`,
            title: 'اعتبار کیف پول رو به پایان است',
            body: `با مصرف فعلی سرورهای شما (ساعتی ${faToman(burn)})، موجودی ${faToman(balance)} حدود ${faNumber(left)} دقیقهٔ دیگر تمام می‌شود و سرورها خاموش می‌شوند. برای ادامهٔ کار، کیف پول را شارژ کنید.`,
            path: TOP_UP_PATH,
            action: 'افزایش اعتبار',
          });
        }
      } else if (balance >= warnBelow) {
        next.lowBalanceAt = null;
      }
    } else if (burn > 0) {
      if (!next.depletedAt) {
        next.depletedAt = now;
        await notify(tx, broadcast, {
          userId,
          event: 'low_balance',
          key: `depleted-${userId}-${now.getTime()}`,
          title: 'اعتبار کیف پول تمام شد؛ سرورها خاموش می‌شوند',
          body: `موجودی کیف پول شما به ${faToman(balance)} رسید، پس سرورهای روشن شما خاموش می‌شوند تا بدهی بیشتری نسازند. فایل‌هایتان روی دیسک سرور می‌ماند؛ پس از افزایش اعتبار دوباره روشنشان کنید.`,
          path: TOP_UP_PATH,
          action: 'افزایش اعتبار',
        });
      }
      stop = now.getTime() - next.depletedAt.getTime() >= FORCE_STOP_AFTER_MS ? 'force' : 'graceful';
      if (stop === 'force') next.forcedAt ??= now;
    }

    const changed =
      (alert?.lowBalanceAt ?? null) !== next.lowBalanceAt ||
      (alert?.depletedAt ?? null) !== next.depletedAt ||
      (alert?.forcedAt ?? null) !== next.forcedAt;
    if (changed) {
      await tx
        .insert(walletAlerts)
        .values({ userId, ...next })
        .onConflictDoUpdate({ target: walletAlerts.userId, set: next });
    }
    return stop;
  }

  /** Asks every running machine of a wallet at zero to stop, as its owner would (refusals wait for the next tick). */
  async function stopMachines(userId: number, force: boolean): Promise<number> {
    let asked = 0;
    for (const machine of await runningMachinesOf(db, userId)) {
      if (machine.power !== 'running') continue;
      try {
        await options.requestPower({ id: userId }, { id: machine.id }, 'stop', {
          actorId: null,
          via: 'billing',
          force,
        });
        asked++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        log?.info({ userId, instanceId: machine.id, code: error.code }, 'zero-balance stop refused');
      }
    }
    return asked;
  }

  return {
    async run(now: Date): Promise<UsageTickResult> {
      const warnMinutes = Number((await readConfig(db, 'low_balance_warning_minutes')) ?? 60);
      const wallets = await db
        .selectDistinct({ userId: usageSessions.userId })
        .from(usageSessions)
        .where(isNull(usageSessions.settledAt));
      const result: UsageTickResult = { users: 0, minutes: 0, stopped: 0 };
      for (const { userId } of wallets) {
        try {
          const charged = await chargeWallet(userId, now, warnMinutes);
          result.users++;
          result.minutes += charged.minutes;
          if (charged.stop) result.stopped += await stopMachines(userId, charged.stop === 'force');
        } catch (error) {
          // One wallet's trouble never holds back the others; its minutes stay due for the next tick.
          log?.error({ err: error, userId }, 'usage charge failed');
        }
      }
      return result;
    },
  };
}

export type UsageTick = ReturnType<typeof createUsageTick>;
