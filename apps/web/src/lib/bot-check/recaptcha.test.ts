import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOT_CHECK_POLL_MS } from './constants';
import { BotCheckError } from './errors';
import { createRecaptchaClient, recaptchaScriptUrl } from './recaptcha';

describe('reCAPTCHA v3 client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    delete window.grecaptcha;
  });
  afterEach(() => {
    vi.useRealTimers();
    delete window.grecaptcha;
  });

  it('looks for the script every 25 ms', () => {
    expect(BOT_CHECK_POLL_MS).toBe(25);
  });

  it('loads the script for the site key, waits for grecaptcha.execute, and asks for the action', async () => {
    const client = createRecaptchaClient('site-key-1');
    const token = client.execute('login');
    const script = document.head.querySelector('script');
    expect(script?.src).toBe(recaptchaScriptUrl('site-key-1'));
    expect(script?.src).toContain('render=site-key-1');

    // Not there yet: still waiting after a few polls.
    await vi.advanceTimersByTimeAsync(BOT_CHECK_POLL_MS * 3);
    let looked = 0;
    const execute = vi.fn().mockResolvedValue('recaptcha-token');
    Object.defineProperty(window, 'grecaptcha', {
      configurable: true,
      get: () => {
        looked++;
        return { ready: (callback: () => void) => callback(), execute };
      },
    });
    // Just under one interval: the next look has not happened.
    await vi.advanceTimersByTimeAsync(BOT_CHECK_POLL_MS - 1);
    expect(looked).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(looked).toBeGreaterThan(0);
    await expect(token).resolves.toBe('recaptcha-token');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'login' });
  });

  it('adds the script once for two forms', async () => {
    const client = createRecaptchaClient('k');
    client.prepare('login');
    client.prepare('register');
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('gives up with a Persian message when the script never becomes ready, and tries again later', async () => {
    const client = createRecaptchaClient('k', 200);
    const token = client.execute('signin');
    const failed = expect(token).rejects.toBeInstanceOf(BotCheckError);
    await vi.advanceTimersByTimeAsync(250);
    await failed;
    await expect(token).rejects.toThrow(/بررسی امنیتی/);

    window.grecaptcha = { ready: (callback) => callback(), execute: async () => 'second-try' };
    const again = client.execute('signin');
    await vi.advanceTimersByTimeAsync(BOT_CHECK_POLL_MS);
    await expect(again).resolves.toBe('second-try');
  });
});
