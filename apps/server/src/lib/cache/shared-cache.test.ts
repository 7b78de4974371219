import { describe, expect, it } from 'vitest';
import { createSharedCache } from './shared-cache';

/** A loader that counts its calls and answers `value()` at call time. */
function loader<T>(value: () => T) {
  const counter = {
    calls: 0,
    load: async () => {
      counter.calls++;
      return value();
    },
  };
  return counter;
}

describe('shared cache (one process)', () => {
  it('loads once and answers from memory after', async () => {
    const cache = createSharedCache();
    const menus = loader(() => ['خانه']);
    expect(await cache.remember('menus', menus.load)).toEqual(['خانه']);
    expect(await cache.remember('menus', menus.load)).toEqual(['خانه']);
    expect(menus.calls).toBe(1);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createSharedCache();
    const links = loader(() => 'footer');
    await Promise.all([cache.remember('links', links.load), cache.remember('links', links.load)]);
    expect(links.calls).toBe(1);
  });

  it('forgets a name and every key under it, and no other', async () => {
    const cache = createSharedCache();
    let version = 1;
    const publicSettings = loader(() => `public ${version}`);
    const authSettings = loader(() => `auth ${version}`);
    const menus = loader(() => `menus ${version}`);
    await cache.remember('configs:public', publicSettings.load);
    await cache.remember('configs:auth', authSettings.load);
    await cache.remember('menus', menus.load);
    version = 2;
    await cache.forget('configs');
    expect(await cache.remember('configs:public', publicSettings.load)).toBe('public 2');
    expect(await cache.remember('configs:auth', authSettings.load)).toBe('auth 2');
    expect(await cache.remember('menus', menus.load)).toBe('menus 1');
    // `configs` does not reach `configsX`: only the name itself and `configs:…`.
    const other = loader(() => version);
    await cache.remember('configsX', other.load);
    await cache.forget('configs');
    await cache.remember('configsX', other.load);
    expect(other.calls).toBe(1);
  });

  it('does not keep a value whose load failed', async () => {
    const cache = createSharedCache();
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    };
    await expect(cache.remember('links', load)).rejects.toThrow('database away');
    fail = false;
    expect(await cache.remember('links', load)).toBe('ok');
  });

  it('reloads a value older than its maximum age', async () => {
    let clock = 0;
    const cache = createSharedCache({ maxAgeMs: 1000, now: () => clock });
    const menus = loader(() => clock);
    await cache.remember('menus', menus.load);
    clock = 999;
    await cache.remember('menus', menus.load);
    expect(menus.calls).toBe(1);
    clock = 1000;
    expect(await cache.remember('menus', menus.load)).toBe(1000);
    expect(menus.calls).toBe(2);
  });
});
