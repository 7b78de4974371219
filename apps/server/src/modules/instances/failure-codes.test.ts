import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobAbandonedError } from '../../platform/jobs/worker';
import { failureCodeOf } from './driver-failure';
import { InstanceDriverError, InstanceDriverTimeoutError } from './errors';
import { DRIVER_FAILURE_CODES, DRIVER_FAILURE_TEXT, driverFailureText } from './failure-codes';

const PERSIAN = /[\u0600-\u06FF]/;
const LATIN = /[A-Za-z]/;

describe('driver failure codes', () => {
  it.each(DRIVER_FAILURE_CODES)('%s has a Persian cause with no English in it', (code) => {
    const text = DRIVER_FAILURE_TEXT[code];
    expect(text).toMatch(PERSIAN);
    expect(text).not.toMatch(LATIN);
    expect(driverFailureText(code)).toBe(text);
  });

  it('has text for exactly the codes it lists, and a code from a newer build reads as unknown', () => {
    expect(Object.keys(DRIVER_FAILURE_TEXT).sort()).toEqual([...DRIVER_FAILURE_CODES].sort());
    expect(driverFailureText('from_the_future')).toBe(DRIVER_FAILURE_TEXT.unknown);
    expect(driverFailureText(null)).toBeNull();
  });

  it('maps what a driver or a job throws to its code', () => {
    expect(failureCodeOf(new InstanceDriverTimeoutError('running', 300_000))).toBe('host_timeout');
    expect(failureCodeOf(new InstanceDriverError('proxmox: 401', { failure: 'host_refused' }))).toBe(
      'host_refused',
    );
    expect(failureCodeOf(new InstanceDriverError('simulated start failure'))).toBe('host_error');
    expect(failureCodeOf(new JobAbandonedError())).toBe('job_abandoned');
    expect(failureCodeOf(new Error('boom'))).toBe('unknown');
  });

  it('every failure a driver or job throws names a known code (a walk over the module source)', () => {
    const dir = import.meta.dirname;
    const known = new Set<string>(DRIVER_FAILURE_CODES);
    const named: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const match of source.matchAll(/failure(?:Code)?: '([a-z_]+)'/g))
        named.push(`${file}:${match[1]}`);
    }
    expect(named.length).toBeGreaterThan(10);
    for (const entry of named) expect(known.has(entry.split(':')[1]!), entry).toBe(true);
  });
});
