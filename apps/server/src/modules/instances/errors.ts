import { DomainError } from '../../lib/domain-error';
import { faNumber, faToman } from '../../lib/persian';
import type { DriverFailureCode } from './failure-codes';

/**
 * Errors of the instances module. Codes are stable (routes and API clients match on them) and
 * never reused; messages are Persian and safe to show the customer. `status` is the HTTP answer.
 */
export class InstanceError extends DomainError {
  constructor(code: string, status: number, message: string, options?: { cause?: unknown }) {
    // A refusal of the action (state, KYC, balance, limit) is shown beside the action, as a
    // field error; not found and driver failures are not about any input.
    super(code, message, { status, field: status === 422 ? 'action' : undefined, cause: options?.cause });
  }
}

/** Not the user's machine, or no such machine: the same answer, so uuids cannot be probed. */
export class InstanceNotFoundError extends InstanceError {
  constructor() {
    super('RF_INSTANCE_NOT_FOUND', 404, 'سروری با این شناسه پیدا نشد.');
  }
}

/** The machine's state does not allow the action (state-machine.ts says why). */
export class InstanceActionNotAllowedError extends InstanceError {
  constructor(reason: string) {
    super('RF_INSTANCE_ACTION_NOT_ALLOWED', 422, reason);
  }
}

export class InstanceKycRequiredError extends InstanceError {
  constructor() {
    super('RF_INSTANCE_KYC_REQUIRED', 422, 'برای روشن کردن سرور، نخست باید احراز هویت شما تأیید شده باشد.');
  }
}

/** docs/domain.md: starting needs `min_balance_hours` (default one) of the machine's price in the wallet. */
export class InstanceBalanceTooLowError extends InstanceError {
  constructor(
    readonly required: number,
    readonly balance: number,
    readonly hours = 1,
  ) {
    super(
      'RF_INSTANCE_BALANCE_TOO_LOW',
      422,
      `موجودی کیف پول شما (${faToman(balance)}) کمتر از هزینهٔ ${hours === 1 ? 'یک ساعت' : `${faNumber(hours)} ساعت`} کار این سرور (${faToman(required)}) است؛ نخست کیف پول را شارژ کنید.`,
    );
  }
}

export class InstanceLimitReachedError extends InstanceError {
  constructor(readonly allowed: number) {
    super(
      'RF_INSTANCE_LIMIT_REACHED',
      422,
      allowed === 0
        ? 'روشن کردن این سرور برای حساب شما مجاز نیست؛ برای پیگیری با پشتیبانی تماس بگیرید.'
        : `حداکثر ${new Intl.NumberFormat('fa-IR').format(allowed)} سرور روشن هم‌زمان برای حساب شما مجاز است؛ نخست یکی از سرورهای روشن را خاموش کنید.`,
    );
  }
}

/**
 * A driver could not do what was asked (host unreachable, refused, unknown driver). The message
 * is the technical detail (job last_error, «جزئیات فنی» on staff screens); `failure` is the code
 * staff read in Persian (failure-codes.ts); customers see the instance's failure_reason.
 */
export class InstanceDriverError extends InstanceError {
  readonly failure: DriverFailureCode;
  constructor(message: string, options?: { cause?: unknown; failure?: DriverFailureCode }) {
    super('RF_INSTANCE_DRIVER_FAILED', 502, message, options);
    this.failure = options?.failure ?? 'host_error';
  }
}

/** The driver accepted the action but the machine did not reach the state in time. */
export class InstanceDriverTimeoutError extends InstanceError {
  constructor(
    readonly waitedFor: string,
    timeoutMs: number,
  ) {
    super('RF_INSTANCE_DRIVER_TIMEOUT', 504, `machine did not become ${waitedFor} within ${timeoutMs} ms`);
  }
}

/**
 * Make (panel.instances.store) refused: the plan, location or image cannot be ordered, identity,
 * a limit or the balance says no, or no host has room. `field` is the form field it belongs to
 * (`make` for what is about the account rather than one field); nothing was reserved.
 */
export class InstanceMakeRefusedError extends DomainError {
  constructor(field: 'hardware' | 'location' | 'image' | 'name' | 'make', code: string, message: string) {
    super(code, message, { status: 422, field });
  }
}

/** A confirmation by typing the machine's name did not match (delete, reinstall). */
export class InstanceConfirmNameError extends DomainError {
  constructor() {
    super(
      'RF_INSTANCE_CONFIRM_NAME',
      'نام واردشده با نام سرور یکی نیست؛ برای تأیید، نام سرور را دقیقاً بنویسید.',
      {
        status: 422,
        field: 'confirm_name',
      },
    );
  }
}

/** An admin's move (admin.instances.move) refused: the chosen host or port cannot take the machine. */
export class InstanceMoveRefusedError extends DomainError {
  constructor(field: 'resource_id' | 'port_id', code: string, message: string) {
    super(code, message, { status: 422, field });
  }
}
