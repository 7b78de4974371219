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
