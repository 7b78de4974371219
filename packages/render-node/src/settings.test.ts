import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeSettingsError, nodeOptionsFromEnvironment } from './settings';

const token = 'n'.repeat(40);

function errorOf(env: NodeJS.ProcessEnv): NodeSettingsError {
  try {
    nodeOptionsFromEnvironment(env);
  } catch (error) {
    if (error instanceof NodeSettingsError) return error;
    throw error;
  }
  throw new Error('the settings were accepted');
}

describe('the node settings from the environment', () => {
  it('reads a render machine’s environment, with defaults for the rest', () => {
    const options = nodeOptionsFromEnvironment({
      RENDER_MANAGER_URL: 'https://farm.example',
      RENDER_NODE_TOKEN: token,
      RENDER_WORK_DIR: '/var/lib/render-node',
      RENDER_NODE_NAME: 'node-7',
    });
    expect(options).toMatchObject({
      managerUrl: 'https://farm.example',
      nodeToken: token,
      name: 'node-7',
      blenderPath: 'blender',
      workDir: '/var/lib/render-node',
      concurrency: 1,
      threads: undefined,
      cacheMaxBytes: 20 * 1024 ** 3,
    });
  });

  it('resolves a relative work folder from where pnpm was started, and empty values are unset', () => {
    const options = nodeOptionsFromEnvironment({
      RENDER_MANAGER_URL: 'http://localhost:8000',
      RENDER_ENROLMENT_TOKEN: 'once',
      RENDER_NODE_TOKEN: '',
      RENDER_WORK_DIR: 'storage/node',
      BLENDER_PATH: '/opt/blender/blender',
      RENDER_THREADS: '4',
      INIT_CWD: '/srv/farm',
    });
    expect(options.workDir).toBe(join('/srv/farm', 'storage/node'));
    expect(options.nodeToken).toBeUndefined();
    expect(options.enrolmentToken).toBe('once');
    expect(options.blenderPath).toBe('/opt/blender/blender');
    expect(options.threads).toBe(4);
  });

  it('names every bad variable, never its value', () => {
    const error = errorOf({
      RENDER_MANAGER_URL: 'ftp://farm.example',
      RENDER_NODE_TOKEN: 'short-secret',
      RENDER_NODE_CONCURRENCY: '4',
      RENDER_THREADS: 'many',
    });
    expect(error.issues.map((issue) => issue.variable).sort()).toEqual([
      'RENDER_MANAGER_URL',
      'RENDER_NODE_CONCURRENCY',
      'RENDER_NODE_TOKEN',
      'RENDER_THREADS',
    ]);
    expect(error.message).toContain('RENDER_NODE_CONCURRENCY: must be 1');
    expect(error.message).not.toContain('short-secret');
  });

  it('needs the manager’s address, and https unless the manager is on this machine', () => {
    expect(errorOf({}).issues[0]?.variable).toBe('RENDER_MANAGER_URL');
    const plain = errorOf({ RENDER_MANAGER_URL: 'http://farm.example', RENDER_NODE_TOKEN: token });
    expect(plain.message).toContain('must use https://');
    expect(nodeOptionsFromEnvironment({ RENDER_MANAGER_URL: 'http://127.0.0.1:8000' }).managerUrl).toBe(
      'http://127.0.0.1:8000',
    );
  });
});
