import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeManager } from '../test/fake-manager';
import { ManagerClient } from './manager-client';
import { NodeSettingsError } from './settings';
import { resolveNodeToken, tokenFile } from './token';

let manager: FakeManager;
let workDir: string;
beforeEach(async () => {
  manager = await new FakeManager().start();
  workDir = await mkdtemp(join(tmpdir(), 'rf-node-token-'));
});
afterEach(async () => {
  await manager.close();
  await rm(workDir, { recursive: true, force: true });
});

const resolveWith = (tokens: { nodeToken?: string; enrolmentToken?: string }) =>
  resolveNodeToken({
    client: new ManagerClient(manager.url),
    workDir,
    nodeToken: tokens.nodeToken,
    enrolmentToken: tokens.enrolmentToken,
    name: 'render-01',
    blenderVersion: '3.4.1',
    cores: 2,
  });

describe('the node token', () => {
  it('is traded once for the enrolment token, then read from the work folder', async () => {
    const first = await resolveWith({ enrolmentToken: manager.enrolmentToken });
    expect(first.token).toBe(manager.nodeToken);
    const enrol = manager.calls.find((call) => call.path.endsWith('/enrol'));
    expect(enrol?.body).toEqual({
      enrolment_token: manager.enrolmentToken,
      name: 'render-01',
      blender_version: '3.4.1',
      cores: 2,
    });
    // The enrolment token is spent: a restart must not need it again.
    const again = await resolveWith({ enrolmentToken: manager.enrolmentToken });
    expect(again).toEqual(first);
    expect(manager.calls.filter((call) => call.path.endsWith('/enrol'))).toHaveLength(1);
  });

  it('says which setting to fix when the enrolment token is refused or there is no token at all', async () => {
    const refused = await resolveWith({ enrolmentToken: 'spent' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NodeSettingsError);
    expect((refused as Error).message).toContain('RENDER_ENROLMENT_TOKEN: the manager refused it (401)');
    expect((refused as Error).message).not.toContain('spent');

    const none = await resolveWith({}).catch((e: unknown) => e);
    expect((none as NodeSettingsError).issues[0]?.variable).toBe('RENDER_NODE_TOKEN');
  });

  it('takes the environment’s token over a saved one, and ignores a broken file', async () => {
    await writeFile(tokenFile(workDir), '{"uuid": "u", "token": "saved-token"}');
    expect((await resolveWith({ nodeToken: 'env-token' })).token).toBe('env-token');
    expect((await resolveWith({})).token).toBe('saved-token');
    await writeFile(tokenFile(workDir), '{not json');
    expect(await resolveWith({}).catch((e: unknown) => e)).toBeInstanceOf(NodeSettingsError);
  });
});
