import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_ABILITIES, type TokenAbility } from '../../http/token-abilities';
import { createAuthTestApp } from '../auth/test-support';
import {
  blendBytes,
  CHECK_FINDINGS,
  driveOf,
  emptyQueue,
  putFile,
  SimulatedNode,
  setBalance,
  userIdOf,
} from '../render/test-support';

type Operation = {
  /** The token ability the route needs; none on the open description itself. */
  'x-ability'?: TokenAbility;
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;
const DOC_ID = 'https://renderfarm.test/api/v1/openapi.json';
/** A JSON Pointer segment (`/` and `~` escaped). */
const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * The OpenAPI description of `/api/v1` against the app itself: a valid OpenAPI 3.1 document (by
 * an independent validator), one operation for every API route and method and no other, each
 * operation's `x-ability` being the one the route's guard asks for, every example fitting its
 * schema, and real answers fitting them too.
 */
describe('the OpenAPI description of /api/v1', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let doc: Document;
  let customerId: number;
  let token: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  const get = (url: string, bearer = token) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
  /** Whether `body` fits the schema of `path`+`method`'s `status` answer; the errors if not. */
  const fits = (path: string, method: string, status: number, body: unknown) => {
    const validate = ajv.getSchema(
      `${DOC_ID}#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`,
    )!;
    return validate(body) ? [] : (validate.errors ?? []);
  };

  beforeAll(async () => {
    t = await createAuthTestApp();
    customerId = await userIdOf(t, 'customer@renderfarm.test');
    token = (
      await t.app.services.apiTokens.create(customerId, { name: 'doc', abilities: [...TOKEN_ABILITIES] })
    ).plainText;
    const res = await get('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
    ajv.addSchema({ ...doc, $id: DOC_ID });
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.paths['/api/v1/me']).toBeDefined();
  });

  it('describes every API route and method, and nothing that is not a route', () => {
    const routes = t.app.routeList.all().filter((r) => r.uri.startsWith('api/'));
    expect(routes.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const route of routes) {
      // Every API route needs a token, but the description of them all (docs/screens.md §8).
      expect(route.meta.access, route.name).toBe(route.name === 'api.v1.openapi' ? 'anyone' : 'api');
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        if (!doc.paths[`/${route.uri}`]?.[method.toLowerCase()])
          missing.push(`${method} /${route.uri} (${route.name})`);
      }
    }
    expect(missing).toEqual([]);
    const extra: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const methods = routes.filter((r) => `/${r.uri}` === path).flatMap((r) => r.methods as string[]);
      for (const method of METHODS) {
        if (item[method] && !methods.includes(method.toUpperCase())) extra.push(`${method} ${path}`);
      }
    }
    expect(extra).toEqual([]);
  });

  it('names for each operation the ability its guard asks: without it the API’s 403, with it alone no refusal', async () => {
    const only = new Map<TokenAbility, string>();
    const allBut = new Map<TokenAbility, string>();
    for (const ability of TOKEN_ABILITIES) {
      const make = async (abilities: TokenAbility[]) =>
        (await t.app.services.apiTokens.create(customerId, { name: `walk ${ability}`, abilities })).plainText;
      only.set(ability, await make([ability]));
      allBut.set(ability, await make(TOKEN_ABILITIES.filter((a) => a !== ability)));
    }
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const url = path.replace(/\{(\w+)\}/g, (_, p) =>
        p === 'upload' ? 'f'.repeat(32) : '00000000-0000-4000-8000-000000000000',
      );
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const ability = operation['x-ability'];
        if (!ability) {
          const open = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
          if (open.statusCode !== 200) wrong.push(`${method} ${path} without a token: ${open.statusCode}`);
          continue;
        }
        const call = (bearer: string) =>
          t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { authorization: `Bearer ${bearer}`, 'tus-resumable': '1.0.0' },
            ...(method === 'get' || method === 'head' ? {} : { payload: {} }),
          });
        const refused = await call(allBut.get(ability)!);
        if (refused.statusCode !== 403 || refused.headers['x-refused'] !== 'ability') {
          wrong.push(
            `${method} ${path} without ${ability}: ${refused.statusCode} ${refused.headers['x-refused']}`,
          );
        } else if (method !== 'head' && fits(path, method, 403, refused.json()).length > 0) {
          wrong.push(`${method} ${path}: the 403 does not fit its schema`);
        }
        const allowed = await call(only.get(ability)!);
        if (allowed.headers['x-refused'] !== undefined) {
          wrong.push(`${method} ${path} with ${ability} alone: refused (${allowed.headers['x-refused']})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('has examples that fit their schemas', () => {
    let checked = 0;
    const failures: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const bodies = Object.entries(operation.requestBody?.content ?? {}).map(
          ([type, media]) =>
            [pointer('paths', path, method, 'requestBody', 'content', type, 'schema'), media] as const,
        );
        const answers = Object.entries(operation.responses).flatMap(([status, response]) =>
          Object.entries(response.content ?? {}).map(
            ([type, media]) =>
              [
                pointer('paths', path, method, 'responses', status, 'content', type, 'schema'),
                media,
              ] as const,
          ),
        );
        for (const [at, media] of [...bodies, ...answers]) {
          if (media.example === undefined) continue;
          const validate = ajv.getSchema(`${DOC_ID}#/${at}`)!;
          checked++;
          if (!validate(media.example)) failures.push(`${at}: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it('fits the real answers of the routes', async () => {
    const drive = await driveOf(t, customerId);
    await putFile(t, customerId, drive.uuid, 'doc.blend', blendBytes('doc'));
    await emptyQueue(t);
    await setBalance(t, customerId, 5_000_000);
    const node = await new SimulatedNode(t, 'doc-node').enrol();

    const answers: [string, string, number, unknown][] = [];
    const record = async (
      path: string,
      method: string,
      status: number,
      res: Awaited<ReturnType<typeof get>>,
    ) => {
      expect(res.statusCode, `${method} ${path}`).toBe(status);
      answers.push([path, method, status, res.json()]);
      return res.json();
    };
    await record('/api/v1/me', 'get', 200, await get('/api/v1/me'));
    await record('/api/v1/instances', 'get', 200, await get('/api/v1/instances'));
    const instances = (await get('/api/v1/instances')).json().data;
    await record(
      '/api/v1/instances/{instance}',
      'get',
      200,
      await get(`/api/v1/instances/${instances[0].uuid}`),
    );
    await record('/api/v1/tickets', 'get', 200, await get('/api/v1/tickets'));
    await record('/api/v1/drives', 'get', 200, await get('/api/v1/drives'));
    await record('/api/v1/drives/{drive}/files', 'get', 200, await get(`/api/v1/drives/${drive.uuid}/files`));
    await record(
      '/api/v1/drives/{drive}/files',
      'get',
      404,
      await get(`/api/v1/drives/${drive.uuid}/files?path=nowhere`),
    );

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: payload as never,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    await record(
      '/api/v1/drives/{drive}/files/link',
      'post',
      200,
      await post(`/api/v1/drives/${drive.uuid}/files/link`, { path: 'doc.blend' }),
    );
    const check = await record(
      '/api/v1/jobs/check',
      'post',
      202,
      await post('/api/v1/jobs/check', { drive: drive.uuid, path: 'doc.blend' }),
    );
    await node.complete((await node.claim())!, CHECK_FINDINGS.sample_seconds, CHECK_FINDINGS);
    await record(
      '/api/v1/jobs/checks/{check}',
      'get',
      200,
      await get(`/api/v1/jobs/checks/${check.data.id}`),
    );
    await record(
      '/api/v1/jobs',
      'post',
      422,
      await post('/api/v1/jobs', { check: check.data.id, frames: 'x' }),
    );
    await record(
      '/api/v1/jobs/checks/{check}/quote',
      'get',
      200,
      await get(
        `/api/v1/jobs/checks/${check.data.id}/quote?frames=1-4&chunk=2&format=PNG&resolution=50&priority=express`,
      ),
    );
    const settings = {
      check: check.data.id,
      frames: '1-4',
      chunk: 2,
      format: 'PNG',
      resolution: 50,
      priority: 'express',
    };
    await record(
      '/api/v1/jobs',
      'post',
      201,
      await post('/api/v1/jobs', settings, { 'idempotency-key': 'doc' }),
    );
    await node.renderOne(2);
    await record('/api/v1/jobs/{job}', 'get', 200, await get(`/api/v1/jobs/${check.data.id}`));
    await record('/api/v1/jobs', 'get', 200, await get('/api/v1/jobs'));
    await record('/api/v1/items', 'get', 200, await get('/api/v1/items?type=render'));
    await record(
      '/api/v1/jobs/{job}/{action}',
      'post',
      200,
      await post(`/api/v1/jobs/${check.data.id}/pause`, {}),
    );
    await record(
      '/api/v1/jobs/{job}/{action}',
      'post',
      200,
      await post(`/api/v1/jobs/${check.data.id}/cancel`, {}),
    );
    await record(
      '/api/v1/jobs/{job}/{action}',
      'post',
      409,
      await post(`/api/v1/jobs/${check.data.id}/resume`, {}),
    );

    // The schemas are exact: a field more or less does not fit.
    expect(
      fits('/api/v1/me', 'get', 200, { data: { ...(answers[0]![3] as { data: object }).data, extra: 1 } }),
    ).not.toEqual([]);
    const failures = answers.flatMap(([path, method, status, body]) =>
      fits(path, method, status, body).length
        ? [`${method} ${path} ${status}: ${ajv.errorsText(fits(path, method, status, body))}`]
        : [],
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
