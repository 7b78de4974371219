import type { BroadcastEvent } from '../../platform/broadcasting';

export const BALANCE_CHANGED = 'BalanceChanged';
export const PAYMENT_UPDATED = 'PaymentUpdated';

/** docs/screens.md §7: `BalanceChanged {balance}` on the owner's channel (the header pill, Panel/Home). */
export function balanceChanged(userId: number, balance: number): BroadcastEvent {
  return { channels: `private-users.${userId}`, event: BALANCE_CHANGED, data: { balance } };
}

/** `PaymentUpdated {uuid, status}`: an open Verify or receipt page reloads its payment. */
export function paymentUpdated(payment: { userId: number; uuid: string; status: string }): BroadcastEvent {
  return {
    channels: `private-users.${payment.userId}`,
    event: PAYMENT_UPDATED,
    data: { uuid: payment.uuid, status: payment.status },
  };
}

/** `AlertRaised` on the admins' channel: a payment a person must look at (an amount mismatch, a lost verify). */
export function paymentAlert(
  payment: { uuid: string },
  kind: 'payment_review' | 'payment_expired',
  title: string,
): BroadcastEvent {
  return { channels: ['private-admin'], event: 'AlertRaised', data: { kind, title, payment: payment.uuid } };
}
