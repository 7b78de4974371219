import { Readable } from 'node:stream';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { sendObjectRange } from '../drives';
import { NodeProtocolError } from './errors';
import { NODE_API } from './file-urls';
import type { RenderNode } from './tables';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const logLines = z
  .union([z.array(z.string().max(4000)).max(500), z.string().max(200_000)])
  .optional()
  .transform((v) => (typeof v === 'string' ? v.split(/\r?\n/) : v));

const enrolBody = z.object({
  enrolment_token: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(80),
  blender_version: z.string().max(60).nullish(),
  cores: z.number().int().min(1).max(4096).nullish(),
});
const claimBody = z.object({
  wait_seconds: z.number().min(0).optional(),
  blender_version: z.string().max(60).nullish(),
});
const heartbeatBody = z.object({
  status: z.enum(['idle', 'busy', 'asleep']).optional(),
  blender_version: z.string().max(60).nullish(),
});
const progressBody = z.object({
  log: logLines,
  frame: z.number().int().optional(),
  sample: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
});
const completeBody = z.object({
  render_seconds: z.number().min(0).max(10_000_000),
  log: logLines,
  findings: z.record(z.string(), z.unknown()).optional(),
});
const failBody = z.object({ reason: z.string().trim().min(1).max(4000), log: logLines });

/** Reads a JSON body by its schema, or refuses with 422 and each field's problem. */
function bodyOf<T extends z.ZodType>(schema: T, request: FastifyRequest): z.infer<T> {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw new NodeProtocolError(422, { error: 'invalid', errors });
}

const taskOf = (request: FastifyRequest) => String((request.params as { task?: string }).task ?? '');

/**
 * The node protocol's routes (docs/decisions/0014-render-node-protocol.md): JSON under
 * `/render-node/v1`, a node's Bearer token instead of a session (no cookie, no CSRF), and the
 * protocol's own refusals (`{error}`, 409 `{cancel: true}`). Not in any browser route list.
 */
export async function renderNodeRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { renderManager: manager } = app.services;
  const spec = (name: string, method: 'GET' | 'POST' | 'PUT', uri: string) => ({
    name: `render-node.${name}`,
    method,
    uri: `${NODE_API}${uri}`,
    access: 'anyone' as const,
    json: true,
    meta: { unlisted: true },
    wheres: { task: UUID },
  });
  const options = { config: { session: false, csrf: false } };

  /** Runs a protocol step; its refusals answer as the protocol says, not as a page. */
  const answer =
    (
      step: (request: FastifyRequest, reply: FastifyReply, node: RenderNode | null) => Promise<unknown>,
      authenticated = true,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      try {
        const node = authenticated ? await manager.authenticate(request.headers.authorization) : null;
        return await step(request, reply, node);
      } catch (error) {
        if (error instanceof NodeProtocolError) return reply.code(error.status).send(error.body);
        throw error;
      }
    };

  route(
    spec('enrol', 'POST', '/enrol'),
    answer(async (request, reply) => {
      const body = bodyOf(enrolBody, request);
      const { node, token } = await manager.enrol({
        enrolmentToken: body.enrolment_token,
        name: body.name,
        blenderVersion: body.blender_version,
        cores: body.cores,
      });
      return reply.code(201).send({ node: { uuid: node.uuid, name: node.name }, token });
    }, false),
    options,
  );

  route(
    spec('claim', 'POST', '/claim'),
    answer(async (request, reply, node) => {
      const body = bodyOf(claimBody, request);
      // A node that hung up stops waiting (and claims nothing it would never hear of).
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const task = await manager.claim(node!, {
        waitSeconds: body.wait_seconds ?? 0,
        blenderVersion: body.blender_version,
        signal: gone.signal,
      });
      if (!task) return reply.code(204).send();
      return { task };
    }),
    options,
  );

  route(
    spec('heartbeat', 'POST', '/heartbeat'),
    answer(async (request, _reply, node) => {
      const body = bodyOf(heartbeatBody, request);
      const seen = await manager.heartbeat(node!, {
        status: body.status,
        blenderVersion: body.blender_version,
      });
      return { node: { uuid: seen.uuid, name: seen.name, status: seen.status } };
    }),
    options,
  );

  route(
    spec('progress', 'POST', '/tasks/{task}/progress'),
    answer(async (request, _reply, node) => {
      const body = bodyOf(progressBody, request);
      return manager.progress(node!, taskOf(request), body);
    }),
    options,
  );

  route(
    spec('complete', 'POST', '/tasks/{task}/complete'),
    answer(async (request, _reply, node) => {
      const body = bodyOf(completeBody, request);
      const done = await manager.complete(node!, taskOf(request), {
        renderSeconds: body.render_seconds,
        log: body.log,
        findings: body.findings,
      });
      return { ok: true, cost: done.cost };
    }),
    options,
  );

  route(
    spec('fail', 'POST', '/tasks/{task}/fail'),
    answer(async (request, _reply, node) => {
      const body = bodyOf(failBody, request);
      return manager.fail(node!, taskOf(request), { reason: body.reason, log: body.log });
    }),
    options,
  );

  route(
    spec('release', 'POST', '/tasks/{task}/release'),
    answer(async (request, _reply, node) => manager.release(node!, taskOf(request))),
    options,
  );

  route(
    spec('scene', 'GET', '/tasks/{task}/scene'),
    answer(async (request, reply, node) => {
      const scene = await manager.scene(node!, taskOf(request), request.query as Record<string, unknown>);
      const size = scene.size;
      const etag = `"${scene.sha256}"`;
      reply.header('content-type', 'application/octet-stream').header('x-content-sha256', scene.sha256);
      return sendObjectRange(request, reply, {
        storage: app.services.storage,
        key: scene.objectKey,
        size,
        etag,
      });
    }),
    { ...options, compress: false },
  );

  // Outputs are raw bytes of any type, streamed to the storage as they come: a scope of their own
  // whose body parser leaves the body unread (no Fastify body limit; the drive's quota is the limit).
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    routesOn(scope, registry)(
      {
        ...spec('upload', 'PUT', '/tasks/{task}/outputs/{name}'),
        wheres: { task: UUID, name: '[A-Za-z0-9_.-]{1,80}' },
      },
      answer(async (request, reply, node) => {
        const header = request.headers['content-length'];
        const length = header === undefined || !/^\d{1,15}$/.test(header) ? null : Number(header);
        const stored = await manager.upload(
          node!,
          taskOf(request),
          String((request.params as { name?: string }).name ?? ''),
          request.query as Record<string, unknown>,
          length,
          request.raw,
        );
        return reply.code(201).send(stored);
      }),
      options,
    );
  });
}
