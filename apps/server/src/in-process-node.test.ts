import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBlender, type InProcessLog, ownUrl, startInProcessNode } from './in-process-node';
import { renderNodes } from './modules/render/tables';
import { createTestApp, type TestApp } from './testing/app';

describe('the in-process render node', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rf-in-process-node-'));
    writeFileSync(join(dir, 'blender'), '#!/bin/sh\necho Blender 3.4.1\n');
    chmodSync(join(dir, 'blender'), 0o755);
    writeFileSync(join(dir, 'not-executable'), 'text');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds Blender by BLENDER_PATH, else as `blender` on PATH, and only an executable file', async () => {
    const env = { PATH: `/nonexistent:relative/dir:${dir}` };
    expect(await findBlender(undefined, env)).toBe(join(dir, 'blender'));
    expect(await findBlender(join(dir, 'blender'), { PATH: '' })).toBe(join(dir, 'blender'));
    expect(await findBlender('blender', env)).toBe(join(dir, 'blender'));
    expect(await findBlender(undefined, { PATH: '/nonexistent' })).toBeNull();
    expect(await findBlender(join(dir, 'not-executable'), env)).toBeNull();
    expect(await findBlender(join(dir, 'missing'), env)).toBeNull();
  });

  it('reaches the app at its own socket, a wildcard address as loopback', () => {
    expect(ownUrl({ address: '127.0.0.1', family: 'IPv4', port: 8000 })).toBe('http://127.0.0.1:8000');
    expect(ownUrl({ address: '0.0.0.0', family: 'IPv4', port: 8000 })).toBe('http://127.0.0.1:8000');
    expect(ownUrl({ address: '::', family: 'IPv6', port: 8000 })).toBe('http://[::1]:8000');
    expect(ownUrl({ address: '::1', family: 'IPv6', port: 81 })).toBe('http://[::1]:81');
  });

  describe('without Blender', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: false, env: { VITE_DEV_SERVER: 'http://127.0.0.1:5173' } });
    });
    afterAll(() => t?.close());

    it('says once that render jobs wait for a node, and enrols nothing', async () => {
      const lines: string[] = [];
      const log: InProcessLog = {
        info: (_fields, message) => lines.push(`info ${message}`),
        warn: (_fields, message) => lines.push(`warn ${message}`),
        error: (_fields, message) => lines.push(`error ${message}`),
      };
      const node = startInProcessNode({
        manager: t.app.services.renderManager,
        url: 'http://127.0.0.1:1',
        blenderPath: join(dir, 'missing'),
        workDir: join(dir, 'work'),
        log,
      });
      expect(await node.started).toBeNull();
      await node.stop();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^warn Blender not found: render jobs wait for a render node/);
      expect(await t.database.db.select().from(renderNodes)).toEqual([]);
    });

    it('makes its node once and gives it a new token on each start, the old one then refused', async () => {
      const manager = t.app.services.renderManager;
      const first = await manager.inProcessNode({ uuid: null, name: 'here (in the app)', cores: 2 });
      const again = await manager.inProcessNode({ uuid: first.node.uuid, name: 'ignored', cores: 2 });
      expect(again.node.id).toBe(first.node.id);
      expect(again.node.name).toBe('here (in the app)');
      expect(again.token).not.toBe(first.token);
      await expect(manager.authenticate(`Bearer ${first.token}`)).rejects.toMatchObject({ status: 401 });
      expect((await manager.authenticate(`Bearer ${again.token}`)).id).toBe(first.node.id);
      // A uuid nobody has (another database's) makes a new node.
      const fresh = await manager.inProcessNode({
        uuid: '00000000-0000-4000-8000-000000000000',
        name: 'here (in the app)',
      });
      expect(fresh.node.id).not.toBe(first.node.id);
    });
  });
});
