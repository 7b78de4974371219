import { describe, expect, it } from 'vitest';
import { backoffDelay, closeAction } from './backoff.js';
import { formatEventName } from './event-formatter.js';

describe('event names', () => {
  it('namespaces like Echo: App.Events prefix, dots become backslashes, a leading . or \\ opts out', () => {
    expect(formatEventName('InstanceUpdated', 'App.Events')).toBe('App\\Events\\InstanceUpdated');
    expect(formatEventName('Billing.InvoicePaid', 'App.Events')).toBe('App\\Events\\Billing\\InvoicePaid');
    expect(formatEventName('.instance.updated', 'App.Events')).toBe('instance.updated');
    expect(formatEventName('\\Custom\\Event', 'App.Events')).toBe('Custom\\Event');
    expect(formatEventName('Plain', false)).toBe('Plain');
  });
});

describe('reconnect policy', () => {
  it('maps close codes as pusher-js does', () => {
    expect(closeAction(4001)).toBe('refused');
    expect(closeAction(4009)).toBe('refused');
    expect(closeAction(4100)).toBe('backoff');
    expect(closeAction(4200)).toBe('immediate');
    expect(closeAction(4201)).toBe('immediate');
    expect(closeAction(1006)).toBe('backoff');
    expect(closeAction(4301)).toBe('backoff');
  });

  it('backs off exponentially from 1 s to 30 s with ±20 % jitter', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => backoffDelay(a, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });
});
