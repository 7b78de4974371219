import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../auth/test-support';
import { renderApiDescription } from './api-description';
import {
  blendBytes,
  CHECK_FINDINGS,
  driveOf,
  emptyQueue,
  makeCustomer,
  putFile,
  SimulatedNode,
  setBalance,
  userIdOf,
} from './test-support';

const PERSIAN = /[\u0600-\u06FF]/;
const SETTINGS = 'frames=1-6&chunk=2&format=PNG&resolution=100&priority=standard';

/**
 * `api.v1.jobs.checks.quote`: a done check's price for the given settings before submitting (the
 * Blender add-on's Check and Estimate), the same the job is then priced at; a field's refusal by
 * field; another customer's check is a 404.
 */
describe(`customer JSON API: a check's quote (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let token: string;
  let strangerToken: string;
  let check: string;

  const api = (bearer: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${bearer}` },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });

  beforeAll(async () => {
    t = await createAuthTestApp();
    const customerId = await userIdOf(t, 'customer@renderfarm.test');
    const { uuid: driveUuid } = await driveOf(t, customerId);
    const stranger = await makeCustomer(t, 'stranger.quote@example.test');
    await putFile(t, customerId, driveUuid, 'shot.blend', blendBytes());
    await emptyQueue(t);
    await setBalance(t, customerId, 5_000_000);
    const node = await new SimulatedNode(t, 'quote-node').enrol();
    token = (await t.app.services.apiTokens.create(customerId, { name: 'b', abilities: ['read', 'create'] }))
      .plainText;
    strangerToken = (await t.app.services.apiTokens.create(stranger.id, { name: 's', abilities: ['read'] }))
      .plainText;
    check = (await api(token, 'POST', '/api/v1/jobs/check', { drive: driveUuid, path: 'shot.blend' })).json()
      .data.id;
    const task = (await node.claim())!;
    await node.complete(task, CHECK_FINDINGS.sample_seconds, CHECK_FINDINGS);
  });
  afterAll(() => t.close());

  it('prices the settings as the submitted job is then priced, with the balance after it', async () => {
    const res = await api(token, 'GET', `/api/v1/jobs/checks/${check}/quote?${SETTINGS}`);
    expect(res.statusCode).toBe(200);
    const quote = res.json().data;
    expect(quote).toMatchObject({ frames: 6, tasks: 3, balance: 5_000_000 });
    expect(quote.low).toBeLessThanOrEqual(quote.estimate);
    expect(quote.high).toBeGreaterThanOrEqual(quote.estimate);
    expect(quote.balance_after).toBe(5_000_000 - quote.estimate);
    // The answer is what the OpenAPI description says it is.
    const schema = renderApiDescription.schemas!.Quote as { required: string[] };
    expect(Object.keys(quote).sort()).toEqual([...schema.required].sort());

    const job = await api(token, 'POST', '/api/v1/jobs', {
      check,
      frames: '1-6',
      chunk: 2,
      format: 'PNG',
      resolution: 100,
      priority: 'standard',
    });
    expect(job.statusCode).toBe(201);
    expect(job.json().data.estimate).toEqual({ estimate: quote.estimate, low: quote.low, high: quote.high });
  });

  it('refuses bad settings by field, and another customer’s check as not found', async () => {
    const bad = await api(token, 'GET', `/api/v1/jobs/checks/${check}/quote?frames=9-1&chunk=0&format=GIF`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['frames', 'chunk', 'format']));
    expect(bad.json().message).toMatch(PERSIAN);
    const foreign = await api(strangerToken, 'GET', `/api/v1/jobs/checks/${check}/quote?${SETTINGS}`);
    expect(foreign.statusCode).toBe(404);
  });
});
