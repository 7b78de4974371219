import {
  type ApiDescription,
  data,
  EXAMPLE_DRIVE,
  EXAMPLE_TIME,
  EXAMPLE_UUID,
  enumOf,
  exact,
  int,
  json,
  list,
  nullable,
  ok,
  op,
  pageParams,
  pathParam,
  ref,
  rial,
  str,
  time,
  uuid,
} from '../../http/openapi-parts';
import { JOB_ACTIONS } from './state-machine';
import { RENDER_FORMATS, RENDER_JOB_STATUSES, RENDER_PRIORITIES, RENDER_TASK_STATUSES } from './tables';

const findingsExample = {
  blender_version: '3.4.1',
  engine: 'CYCLES',
  frame_start: 1,
  frame_end: 250,
  frame_step: 1,
  resolution_x: 1920,
  resolution_y: 1080,
  resolution_percentage: 100,
  cameras: ['Camera'],
  active_camera: 'Camera',
  output_format: 'PNG',
  samples: 128,
  denoise: { enabled: true, kind: 'OPENIMAGEDENOISE', available: true },
  missing_files: [],
  sample_frame: 1,
  sample_seconds: 14.2,
  sample_error: null,
  startup_seconds: 3.1,
};

const jobExample = {
  uuid: EXAMPLE_UUID,
  name: 'ویلای شمال',
  scene: { drive: { uuid: EXAMPLE_DRIVE, name: 'پروژهٔ ویلای شمال' }, path: 'صحنه‌ها/villa.blend' },
  status: 'active',
  pause_reason: null,
  failure_reason: null,
  frames: '1-250',
  chunk: 5,
  format: 'PNG',
  resolution: 100,
  samples: null,
  priority: 'standard',
  cost: 184_500,
  estimate: { estimate: 912_000, low: 684_000, high: 1_368_000 },
  output_path: `renders/${EXAMPLE_UUID}`,
  actions: ['pause', 'cancel'],
  created_at: EXAMPLE_TIME,
  started_at: EXAMPLE_TIME,
  finished_at: null,
  findings: findingsExample,
  tasks: {
    queued: 44,
    active: 2,
    completed: 4,
    failed: 0,
    canceled: 0,
    total: 50,
    frames: { done: 20, total: 250 },
  },
};

const checkExample = {
  id: EXAMPLE_UUID,
  status: 'done',
  scene: jobExample.scene,
  findings: findingsExample,
  failure_reason: null,
  defaults: {
    frames: '1-250',
    chunk: '5',
    format: 'PNG',
    resolution: '100',
    samples: '',
    priority: 'standard',
  },
  created_at: EXAMPLE_TIME,
};

const jobParam = pathParam('job', 'The job’s uuid');

const submitBody = exact(
  {
    check: str({ description: 'The scene check’s id (done)' }),
    frames: str({ description: 'e.g. `1-250`, `7`, `1-100x5` (every fifth), parts joined by commas' }),
    chunk: { type: ['integer', 'string'], description: 'Frames per task, 1–1000' },
    format: enumOf(RENDER_FORMATS),
    resolution: { type: ['integer', 'string'], description: 'Percent of the scene’s resolution, 1–100' },
    samples: { type: ['integer', 'string', 'null'], description: 'Leave out or null for the scene’s own' },
    priority: enumOf(RENDER_PRIORITIES),
    idempotency_key: str({ maxLength: 100, description: 'As the Idempotency-Key header (the header wins)' }),
  },
  { required: ['check', 'frames', 'chunk', 'format', 'resolution', 'priority'] },
);

const jobAction = {
  post: op({
    id: 'jobs.action',
    summary:
      'pause (the nodes at work stop on their next call), resume a paused job, cancel (rendered frames stay in the drive), or requeue a failed job’s failed frames',
    ability: 'update',
    tags: ['jobs'],
    parameters: [jobParam, pathParam('action', 'What to do with the job', enumOf(JOB_ACTIONS))],
    answer: ok(data(ref('Job')), { data: jobExample }, 'The job after the action'),
    errors: [404, 409, 422],
  }),
};

/** `api.v1.jobs.*` in the API's OpenAPI description (modules/api/openapi.ts). */
export const renderApiDescription: ApiDescription = {
  schemas: {
    SceneFindings: {
      type: 'object',
      description:
        'What the render node read from the scene; every field may be missing (a node reports what it could read).',
      properties: {
        blender_version: str(),
        scene: str(),
        engine: str(),
        frame_start: int(),
        frame_end: int(),
        frame_step: int(),
        resolution_x: int(),
        resolution_y: int(),
        resolution_percentage: int(),
        cameras: { type: 'array', items: str() },
        active_camera: nullable(str()),
        output_format: str(),
        samples: nullable(int()),
        denoise: exact({
          enabled: { type: 'boolean' },
          kind: nullable(str()),
          available: { type: 'boolean' },
        }),
        missing_files: { type: 'array', items: exact({ type: str(), name: str(), path: str() }) },
        sample_frame: int(),
        sample_seconds: { type: 'number' },
        sample_error: nullable(str()),
        startup_seconds: { type: 'number' },
      },
    },
    Quote: exact({
      frames: int({ description: 'Frames the settings name' }),
      tasks: int({ description: 'Tasks they split into (by chunk)' }),
      frame_seconds: {
        type: 'number',
        description: 'Seconds per frame at these settings (the check’s, scaled)',
      },
      price_per_minute: rial('A node-minute at the chosen priority'),
      estimate: rial('The estimate'),
      low: rial('Its low end'),
      high: rial('Its high end'),
      balance: rial('Your balance now'),
      balance_after: rial('The balance less the estimate'),
    }),
    SceneCheck: exact({
      id: { ...uuid, description: 'The check’s id; submitted, the job keeps it as its uuid' },
      status: enumOf(['checking', 'done', 'failed', 'canceled', 'submitted'], {
        description:
          'checking: a node has it or will; done: findings and the frame time are in, submit it; failed: see failure_reason; submitted: it is a job now',
      }),
      scene: exact({ drive: exact({ uuid: str(), name: str() }), path: str() }),
      findings: nullable(ref('SceneFindings')),
      failure_reason: nullable(str()),
      defaults: nullable(
        exact(
          {
            frames: str(),
            chunk: str(),
            format: str(),
            resolution: str(),
            samples: str(),
            priority: str(),
          },
          {
            description:
              'The submit fields’ first values for this scene (its frame range, output, resolution)',
          },
        ),
      ),
      created_at: time,
    }),
    Job: exact({
      uuid,
      name: str(),
      scene: exact({ drive: exact({ uuid: str(), name: str() }), path: str() }),
      status: enumOf(RENDER_JOB_STATUSES),
      pause_reason: nullable(enumOf(['customer', 'balance'])),
      failure_reason: nullable(str()),
      frames: nullable(str({ description: 'The frames spec as submitted, e.g. `1-250` or `1-100x5,120`' })),
      chunk: nullable(int()),
      format: nullable(enumOf(RENDER_FORMATS)),
      resolution: nullable(int({ minimum: 1, maximum: 100 })),
      samples: nullable(int()),
      priority: enumOf(RENDER_PRIORITIES),
      cost: rial('Charged so far'),
      estimate: nullable(
        exact({ estimate: rial('The estimate'), low: rial('Its low end'), high: rial('Its high end') }),
      ),
      output_path: str({ description: 'The frames’ folder in the scene’s drive: `renders/<uuid>`' }),
      actions: { type: 'array', items: enumOf(JOB_ACTIONS) },
      created_at: time,
      started_at: nullable(time),
      finished_at: nullable(time),
      findings: nullable(ref('SceneFindings')),
      tasks: exact(
        {
          ...Object.fromEntries(RENDER_TASK_STATUSES.map((s) => [s, int({ minimum: 0 })])),
          total: int({ minimum: 0 }),
          frames: exact({ done: int({ minimum: 0 }), total: int({ minimum: 0 }) }),
        },
        { description: 'The render tasks counted by status, and frames done of all' },
      ),
    }),
  },
  paths: {
    '/api/v1/jobs/check': {
      post: op({
        id: 'jobs.checks.store',
        summary: 'Check a `.blend` of your drive (a render node opens it and times a sample frame)',
        ability: 'create',
        tags: ['jobs'],
        status: 202,
        body: json(
          exact(
            {
              drive: str({ description: 'The drive’s uuid' }),
              path: str({ description: 'The scene’s path in it' }),
              name: str({ maxLength: 120, description: 'The job’s name; the file’s name when left out' }),
            },
            { required: ['drive', 'path'] },
          ),
          { drive: EXAMPLE_DRIVE, path: 'صحنه‌ها/villa.blend' },
        ),
        answer: ok(data(ref('SceneCheck')), {
          data: { ...checkExample, status: 'checking', findings: null, defaults: null },
        }),
        errors: [404, 422],
      }),
    },
    '/api/v1/jobs/checks/{check}': {
      get: op({
        id: 'jobs.checks.show',
        summary: 'A scene check: ask until its status is no longer `checking`',
        ability: 'read',
        tags: ['jobs'],
        parameters: [pathParam('check', 'The check’s id')],
        answer: ok(data(ref('SceneCheck')), { data: checkExample }),
        errors: [404],
      }),
    },
    '/api/v1/jobs/checks/{check}/quote': {
      get: op({
        id: 'jobs.checks.quote',
        summary: 'What submitting a done check with these settings would cost (nothing is queued or charged)',
        ability: 'read',
        tags: ['jobs'],
        parameters: [
          pathParam('check', 'The check’s id'),
          ...['frames', 'chunk', 'format', 'resolution', 'samples', 'priority'].map((name) => ({
            name,
            in: 'query',
            required: name !== 'samples',
            description: 'As in the submit body',
            schema: str(),
          })),
        ],
        answer: ok(data(ref('Quote')), {
          data: {
            frames: 250,
            tasks: 50,
            frame_seconds: 12.4,
            price_per_minute: 15_000,
            estimate: 790_000,
            low: 592_500,
            high: 1_185_000,
            balance: 47_117_500,
            balance_after: 46_327_500,
          },
        }),
        errors: [404, 422],
      }),
    },
    '/api/v1/jobs': {
      get: op({
        id: 'jobs.index',
        summary: 'Your render jobs, newest first',
        ability: 'read',
        tags: ['jobs'],
        parameters: [
          { name: 'status', in: 'query', required: false, schema: enumOf(RENDER_JOB_STATUSES) },
          ...pageParams,
        ],
        answer: ok(list('Job'), { data: [jobExample], meta: { page: 1, per_page: 25, has_more: false } }),
        errors: [422],
      }),
      post: op({
        id: 'jobs.store',
        summary: 'Submit a checked scene',
        description:
          'Needs an approved identity check and a balance covering the estimate. With the same `Idempotency-Key` a retry answers the job the first one made.',
        ability: 'create',
        tags: ['jobs'],
        status: 201,
        parameters: [
          { name: 'Idempotency-Key', in: 'header', required: false, schema: str({ maxLength: 100 }) },
        ],
        body: json(submitBody, {
          check: EXAMPLE_UUID,
          frames: '1-250',
          chunk: 5,
          format: 'PNG',
          resolution: 100,
          priority: 'standard',
        }),
        answer: ok(
          data(ref('Job')),
          { data: { ...jobExample, status: 'queued', cost: 0, started_at: null } },
          'The job, queued, with its estimate',
        ),
        errors: [404, 409, 422],
      }),
    },
    '/api/v1/jobs/{job}': {
      get: op({
        id: 'jobs.show',
        summary: 'One job with its estimate, cost and task summary',
        ability: 'read',
        tags: ['jobs'],
        parameters: [jobParam],
        answer: ok(data(ref('Job')), { data: jobExample }),
        errors: [404],
      }),
    },
    '/api/v1/jobs/{job}/{action}': jobAction,
  },
};
