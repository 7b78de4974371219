import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config';
import { ROOT_DIR } from './paths';

describe('.env.example', () => {
  const text = readFileSync(join(ROOT_DIR, '.env.example'), 'utf8');
  const listed = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!] as const);

  it('lists exactly the variables the config schema reads', () => {
    const schemaKeys = Object.keys(configSchema.shape).sort();
    expect(listed.map(([name]) => name).sort()).toEqual(schemaKeys);
  });

  it('is itself a valid configuration', () => {
    expect(() => loadConfig(Object.fromEntries(listed))).not.toThrow();
  });
});
