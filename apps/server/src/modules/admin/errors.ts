import { DomainError } from '../../lib/domain-error';

/** An account a staff URL names that does not exist (or was deleted): a 404 page. */
export class AdminUserNotFoundError extends DomainError {
  constructor() {
    super('RF_ADMIN_USER_NOT_FOUND', 'کاربر پیدا نشد.', { status: 404 });
  }
}

/**
 * Something the rules of the admin console refuse (demoting the last admin, suspending oneself, a
 * debit beyond the balance, a taken e-mail), beside the form field it is about; nothing changed.
 */
export class AdminRefusedError extends DomainError {
  constructor(code: `RF_ADMIN_${string}`, message: string, field: string, status = 422) {
    super(code, message, { status, field });
  }
}

/** Impersonation refused: staff, a second level, or an action kept from an impersonator. */
export class ImpersonationRefusedError extends DomainError {
  constructor(code: `RF_ADMIN_IMPERSONATION_${string}`, message: string, status = 403) {
    super(code, message, { status });
  }
}

/** A chart the console does not draw (`admin.charts.export` with another name): a 404. */
export class ChartNotFoundError extends DomainError {
  constructor() {
    super('RF_ADMIN_CHART_NOT_FOUND', 'این نمودار پیدا نشد.', { status: 404 });
  }
}
