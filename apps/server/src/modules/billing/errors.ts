/** Errors of the wallet, each with a stable code and a message a customer can read. */
export class WalletError extends Error {
  constructor(
    readonly code: 'RF_WALLET_USER_NOT_FOUND' | 'RF_WALLET_INSUFFICIENT_BALANCE' | 'RF_WALLET_ZERO_AMOUNT',
    message: string,
  ) {
    super(message);
    this.name = 'WalletError';
  }
}
