import { DomainError } from '../../lib/domain-error';

export type WalletErrorCode =
  | 'RF_WALLET_USER_NOT_FOUND'
  | 'RF_WALLET_INSUFFICIENT_BALANCE'
  | 'RF_WALLET_ZERO_AMOUNT';

/** Errors of the wallet, each with a stable code and a message a customer can read. */
export class WalletError extends DomainError {
  declare readonly code: WalletErrorCode;
  constructor(code: WalletErrorCode, message: string) {
    super(code, message, { status: code === 'RF_WALLET_USER_NOT_FOUND' ? 404 : 422 });
  }
}

/** A payment or top-up the rules refuse, beside the form field it is about. */
export class PaymentRefusedError extends DomainError {
  constructor(field: 'amount' | 'invoice' | 'payment', code: string, message: string, status = 422) {
    super(code, message, { status, field });
  }
}

/** Another user's payment or invoice, or one that does not exist: the same 404 either way. */
export class PaymentNotFoundError extends DomainError {
  constructor() {
    super('RF_PAYMENT_NOT_FOUND', 'پرداخت یافت نشد.', { status: 404 });
  }
}
