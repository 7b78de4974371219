import { DomainError } from '../../lib/domain-error';

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

const toman = (rial: number) => new Intl.NumberFormat('fa-IR').format(Math.floor(rial / 10));

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

/** docs/domain.md: starting needs at least one hour of the machine's price in the wallet. */
export class InstanceBalanceTooLowError extends InstanceError {
  constructor(
    readonly required: number,
    readonly balance: number,
  ) {
    super(
      'RF_INSTANCE_BALANCE_TOO_LOW',
      422,
      `موجودی کیف پول شما (${toman(balance)} تومان) کمتر از هزینهٔ یک ساعت کار این سرور (${toman(required)} تومان) است؛ نخست کیف پول را شارژ کنید.`,
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
 * is for operators (job last_error, admin screens); customers see the instance's failure_reason.
 */
export class InstanceDriverError extends InstanceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('RF_INSTANCE_DRIVER_FAILED', 502, message, options);
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
