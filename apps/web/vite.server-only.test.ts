import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { REALTIME_CLIENT, realtimeStaysInTheBrowser } from './vite.server-only';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (hook: unknown, ...args: unknown[]) => (hook as Hook).call({}, ...args);

describe('realtimeStaysInTheBrowser', () => {
  const plugin: Plugin = realtimeStaysInTheBrowser();
  const applies = (isSsrBuild: boolean) =>
    (plugin.apply as (config: object, env: object) => boolean)(
      {},
      { command: 'build', mode: 'production', isSsrBuild },
    );

  it('applies to the server build only: the browser bundle keeps the real client', () => {
    expect(applies(true)).toBe(true);
    expect(applies(false)).toBe(false);
  });

  it('puts a client that refuses to be made in place of @renderfarm/realtime/client', async () => {
    const id = call(plugin.resolveId, REALTIME_CLIENT) as string;
    expect(id).toBeTruthy();
    expect(call(plugin.resolveId, '@renderfarm/realtime/server')).toBeNull();
    const code = call(plugin.load, id) as string;
    expect(code).not.toContain('WebSocket');
    const url = `data:text/javascript,${encodeURIComponent(code)}`;
    const module = (await import(/* @vite-ignore */ url)) as { createRealtimeClient: () => unknown };
    expect(() => module.createRealtimeClient()).toThrow(/browser only/);
  });
});
