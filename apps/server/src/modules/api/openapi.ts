import { TOKEN_ABILITIES } from '../../http/token-abilities';
import { WALLET_TRANSACTION_TYPES } from '../billing';
import { DRIVE_STATUSES } from '../drives';
import { INSTANCE_POWER_STATES, INSTANCE_STATUSES, POWER_ACTIONS } from '../instances';
import {
  JOB_ACTIONS,
  RENDER_FORMATS,
  RENDER_JOB_STATUSES,
  RENDER_PRIORITIES,
  RENDER_TASK_STATUSES,
} from '../render';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../support';

/*
 * The OpenAPI 3.1 description of `/api/v1` (served at `/api/v1/openapi.json`). Written by hand,
 * beside docs/api.md, and held to the app by openapi.test.ts: every API route is described here and
 * every path and method here is a route; every example fits its schema, and real answers of the
 * routes fit them too. Schemas are JSON Schema 2020-12 (what OpenAPI 3.1 uses); enumerations come
 * from the modules' own lists, so a new status shows here without an edit.
 */

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = (extra: Json = {}) => ({ type: 'string', ...extra });
const int = (extra: Json = {}) => ({ type: 'integer', ...extra });
const nullable = (schema: Json) => ({ anyOf: [schema, { type: 'null' }] });
const time = str({ format: 'date-time' });
const uuid = str({ format: 'uuid' });
const rial = (description: string) => int({ description: `${description} (Rial)` });
/** An object whose every property is required and no other is allowed: the answers are exact. */
const exact = (properties: Record<string, Json>, extra: Json = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});
const enumOf = (values: readonly string[], extra: Json = {}) => ({
  type: 'string',
  enum: [...values],
  ...extra,
});

const EXAMPLE_UUID = '0d5c2f4e-8b1a-4c7d-9e3f-2a6b8c0d1e2f';
const EXAMPLE_DRIVE = '7a1e9c3b-5d2f-4a8e-b6c0-1f3d5e7a9b2c';
const EXAMPLE_TIME = '2026-11-21T08:02:11.000Z';

const paging = exact({
  page: int({ minimum: 1 }),
  per_page: int({ minimum: 1, maximum: 100 }),
  has_more: { type: 'boolean' },
});
const pageParams = [
  { name: 'page', in: 'query', required: false, schema: int({ minimum: 1, default: 1 }) },
  { name: 'per_page', in: 'query', required: false, schema: int({ minimum: 1, maximum: 100, default: 25 }) },
];
const pathParam = (name: string, description: string, schema: Json = str()) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

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

const driveExample = {
  uuid: EXAMPLE_DRIVE,
  name: 'پروژهٔ ویلای شمال',
  size_gb: 50,
  used_bytes: 1_073_741_824,
  reserved_bytes: 0,
  location: { id: 1, name: 'تهران ۱ (آسیاتک)' },
  machine: null,
  monthly_price: 1_500_000,
  status: 'active',
  paid_until: EXAMPLE_TIME,
  delete_at: null,
};

const instanceExample = {
  uuid: EXAMPLE_UUID,
  name: 'رندر ویلای شمال',
  plan: { title: 'حرفه‌ای RTX 4090', slug: 'rtx-4090' },
  location: { code: 'thr1', name: 'تهران ۱ (آسیاتک)' },
  image: { name: '3ds Max و V-Ray', os: 'Windows Server 2022' },
  status: 'ready',
  power: 'running',
  actions: ['stop', 'restart'],
  host: '185.213.10.21',
  port: 33_891,
  username: 'render',
  price_per_hour: 950_000,
  running_since: EXAMPLE_TIME,
  power_changed_at: EXAMPLE_TIME,
  failure_reason: null,
  created_at: EXAMPLE_TIME,
};

const ticketExample = {
  uuid: EXAMPLE_UUID,
  subject: 'رندر متوقف شد',
  department: 'فنی',
  priority: 'medium',
  status: 'open',
  instance: null,
  last_message_at: EXAMPLE_TIME,
  created_at: EXAMPLE_TIME,
  closed_at: null,
};

const ticketFields = {
  uuid,
  subject: str(),
  department: str(),
  priority: enumOf(TICKET_PRIORITIES),
  status: enumOf(TICKET_STATUSES),
  instance: nullable(str({ description: "The machine's uuid" })),
  last_message_at: time,
  created_at: time,
  closed_at: nullable(time),
};

const schemas: Record<string, Json> = {
  Error: {
    type: 'object',
    description:
      'A refusal: a Persian `message`, the fields at fault under `errors`, a stable `code` where a rule said no.',
    properties: {
      message: str(),
      code: str({ pattern: '^RF_[A-Z0-9_]+$' }),
      errors: { type: 'object', additionalProperties: str() },
    },
    required: ['message'],
    additionalProperties: false,
  },
  Me: exact({
    id: int(),
    uuid,
    name: str(),
    email: nullable(str()),
    mobile: nullable(str()),
    email_verified: { type: 'boolean' },
    mobile_verified: { type: 'boolean' },
    balance: rial('The wallet balance'),
    kyc_status: str(),
    two_factor: { type: 'boolean' },
    created_at: time,
  }),
  LedgerLine: exact({
    id: int(),
    type: enumOf(WALLET_TRANSACTION_TYPES),
    amount: rial('Positive in, negative out'),
    balance_after: rial('The balance after this line'),
    description: str(),
    reference: nullable(
      str({
        description:
          "What the line is about: a machine's uuid for its usage, a render job's uuid for its frames.",
      }),
    ),
    created_at: time,
  }),
  Instance: exact({
    uuid,
    name: str(),
    plan: exact({ title: str(), slug: str() }),
    location: exact({ code: str(), name: str() }),
    image: exact({ name: str(), os: str() }),
    status: enumOf(INSTANCE_STATUSES),
    power: enumOf(INSTANCE_POWER_STATES),
    actions: { type: 'array', items: enumOf(POWER_ACTIONS) },
    host: nullable(str()),
    port: nullable(int()),
    username: nullable(str()),
    price_per_hour: rial('Price of an hour'),
    running_since: nullable(time),
    power_changed_at: time,
    failure_reason: nullable(str()),
    created_at: time,
  }),
  Ticket: exact(ticketFields),
  TicketThread: exact({
    ...ticketFields,
    messages: {
      type: 'array',
      description: 'The public messages, oldest first',
      items: exact({
        id: int(),
        author: enumOf(['customer', 'staff']),
        author_name: nullable(str()),
        body: str(),
        created_at: time,
        attachments: {
          type: 'array',
          items: exact({ id: str(), name: str(), mime: str(), size: int() }),
        },
      }),
    },
  }),
  Drive: exact({
    uuid,
    name: str(),
    size_gb: int({ minimum: 1 }),
    used_bytes: int({ minimum: 0 }),
    reserved_bytes: int({ minimum: 0, description: 'Bytes held for uploads in flight' }),
    location: exact({ id: int(), name: str() }),
    machine: nullable(exact({ uuid, name: str() })),
    monthly_price: rial('A month of this drive'),
    status: enumOf(DRIVE_STATUSES),
    paid_until: time,
    delete_at: nullable(time),
  }),
  DriveEntry: exact({
    kind: enumOf(['folder', 'file']),
    name: str(),
    path: str({ description: 'From the drive’s top, names joined by `/`' }),
    size: nullable(int({ minimum: 0, description: 'Bytes; null for a folder' })),
    sha256: nullable(str({ pattern: '^[0-9a-f]{64}$' })),
    created_at: time,
  }),
  DownloadLink: exact({
    url: str({ format: 'uri', description: 'Works without a token, with Range, until expires_at' }),
    expires_at: time,
  }),
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
      denoise: exact({ enabled: { type: 'boolean' }, kind: nullable(str()), available: { type: 'boolean' } }),
      missing_files: { type: 'array', items: exact({ type: str(), name: str(), path: str() }) },
      sample_frame: int(),
      sample_seconds: { type: 'number' },
      sample_error: nullable(str()),
      startup_seconds: { type: 'number' },
    },
  },
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
          description: 'The submit fields’ first values for this scene (its frame range, output, resolution)',
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
};

const json = (schema: Json, example: unknown) => ({ 'application/json': { schema, example } });
const data = (schema: Json) => exact({ data: schema });
const list = (item: string) => exact({ data: { type: 'array', items: ref(item) }, meta: paging });

const ERRORS: Record<number, [string, Json]> = {
  401: ['No token, a wrong or revoked one', { message: 'توکن API معتبر نیست یا فرستاده نشده است.' }],
  403: ['The token lacks the route’s ability', { message: 'این توکن دسترسی «ساختن» ندارد.' }],
  404: ['No such record of yours', { message: 'این رندر پیدا نشد.', code: 'RF_RENDER_NOT_FOUND' }],
  409: [
    'The record’s state does not allow it',
    { message: 'این رندر لغو شده است.', code: 'RF_RENDER_ACTION' },
  ],
  410: ['Gone', { message: 'این پیوند دانلود منقضی شده است.', code: 'RF_DRIVE_LINK_EXPIRED' }],
  413: [
    'Larger than the drive’s free space',
    { message: 'فضای خالی این درایو برای این فایل کافی نیست.', code: 'RF_DRIVE_QUOTA' },
  ],
  422: [
    'Bad input, or a rule said no',
    { message: 'این مقدار معتبر نیست.', errors: { path: 'یک فایل صحنه انتخاب کنید.' } },
  ],
  429: [
    'More than 60 requests a minute',
    { message: 'درخواست‌های این توکن بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید.' },
  ],
};

/** An operation: its ability, its success answer, and the refusals it may give. */
function op(spec: {
  id: string;
  summary: string;
  ability: (typeof TOKEN_ABILITIES)[number];
  tags: string[];
  status?: number;
  answer?: { description: string; content?: Json; headers?: Json };
  errors?: number[];
  parameters?: Json[];
  body?: Json;
  description?: string;
}) {
  const responses: Record<string, Json> = {
    [String(spec.status ?? 200)]: spec.answer ?? { description: 'OK' },
  };
  for (const code of [401, 403, 429, ...(spec.errors ?? [])]) {
    const [description, example] = ERRORS[code]!;
    responses[String(code)] = { description, content: json(ref('Error'), example) };
  }
  return {
    operationId: spec.id,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    'x-ability': spec.ability,
    security: [{ token: [] }],
    ...(spec.parameters ? { parameters: spec.parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: spec.body } } : {}),
    responses,
  };
}

const ok = (schema: Json, example: unknown, description = 'OK') => ({
  description,
  content: json(schema, example),
});

const tusHeaders = {
  'Tus-Resumable': { description: 'Always `1.0.0`', schema: str({ const: '1.0.0' }) },
};
const tusRequestHeader = {
  name: 'Tus-Resumable',
  in: 'header',
  required: true,
  schema: str({ const: '1.0.0' }),
};
const driveParam = pathParam('drive', 'The drive’s uuid');
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

const jobAction = (action: (typeof JOB_ACTIONS)[number], summary: string) => ({
  post: op({
    id: `jobs.${action}`,
    summary,
    ability: 'update',
    tags: ['jobs'],
    parameters: [jobParam],
    answer: ok(data(ref('Job')), { data: jobExample }, 'The job after the action'),
    errors: [404, 409, 422],
  }),
});

const paths: Record<string, Json> = {
  '/api/v1/openapi.json': {
    get: {
      operationId: 'openapi',
      summary: 'This description (no token needed)',
      tags: ['meta'],
      security: [],
      responses: {
        '200': {
          description: 'The OpenAPI 3.1 document',
          content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'paths'] } } },
        },
      },
    },
  },
  '/api/v1/me': {
    get: op({
      id: 'me',
      summary: 'The profile, balance and identity-check state',
      ability: 'read',
      tags: ['account'],
      answer: ok(data(ref('Me')), {
        data: {
          id: 7,
          uuid: EXAMPLE_UUID,
          name: 'سارا محمدی',
          email: 'sara@example.com',
          mobile: '09121234567',
          email_verified: true,
          mobile_verified: true,
          balance: 12_500_000,
          kyc_status: 'approved',
          two_factor: false,
          created_at: EXAMPLE_TIME,
        },
      }),
    }),
  },
  '/api/v1/items': {
    get: op({
      id: 'items.index',
      summary: 'The wallet ledger, newest first',
      ability: 'read',
      tags: ['account'],
      parameters: [
        { name: 'type', in: 'query', required: false, schema: enumOf(WALLET_TRANSACTION_TYPES) },
        { name: 'from', in: 'query', required: false, schema: time },
        { name: 'to', in: 'query', required: false, schema: time },
        ...pageParams,
      ],
      answer: ok(list('LedgerLine'), {
        data: [
          {
            id: 912,
            type: 'render',
            amount: -36_900,
            balance_after: 12_463_100,
            description: 'رندر «ویلای شمال»: فریم‌های ۱ تا ۵',
            reference: EXAMPLE_UUID,
            created_at: EXAMPLE_TIME,
          },
        ],
        meta: { page: 1, per_page: 25, has_more: false },
      }),
      errors: [422],
    }),
  },
  '/api/v1/instances': {
    get: op({
      id: 'instances.index',
      summary: 'Your machines, newest first',
      ability: 'read',
      tags: ['instances'],
      parameters: pageParams,
      answer: ok(list('Instance'), {
        data: [instanceExample],
        meta: { page: 1, per_page: 25, has_more: false },
      }),
      errors: [422],
    }),
  },
  '/api/v1/instances/{instance}': {
    get: op({
      id: 'instances.show',
      summary: 'One machine',
      ability: 'read',
      tags: ['instances'],
      parameters: [pathParam('instance', 'The machine’s uuid')],
      answer: ok(data(ref('Instance')), { data: instanceExample }),
      errors: [404],
    }),
  },
  '/api/v1/instances/{instance}/power': {
    post: op({
      id: 'instances.power',
      summary: 'Start, stop or restart a machine',
      ability: 'update',
      tags: ['instances'],
      status: 202,
      parameters: [pathParam('instance', 'The machine’s uuid')],
      body: json(
        exact({ action: enumOf(POWER_ACTIONS), force: { type: 'boolean' } }, { required: ['action'] }),
        { action: 'stop' },
      ),
      answer: ok(
        data(ref('Instance')),
        { data: { ...instanceExample, power: 'stopping', actions: [] } },
        'Accepted: the machine in its new transitional state',
      ),
      errors: [404, 422],
    }),
  },
  '/api/v1/tickets': {
    get: op({
      id: 'tickets.index',
      summary: 'Your tickets, by latest message',
      ability: 'read',
      tags: ['tickets'],
      parameters: [
        { name: 'status', in: 'query', required: false, schema: enumOf(TICKET_STATUSES) },
        ...pageParams,
      ],
      answer: ok(list('Ticket'), { data: [ticketExample], meta: { page: 1, per_page: 25, has_more: false } }),
      errors: [422],
    }),
    post: op({
      id: 'tickets.store',
      summary: 'Open a ticket with its first message',
      ability: 'create',
      tags: ['tickets'],
      status: 201,
      body: {
        ...json(
          exact(
            {
              department: str(),
              priority: enumOf(TICKET_PRIORITIES),
              subject: str({ maxLength: 150 }),
              message: str({ maxLength: 5000 }),
              instance: str({ description: 'One of your machines’ uuid' }),
            },
            { required: ['department', 'priority', 'subject', 'message'] },
          ),
          {
            department: 'فنی',
            priority: 'medium',
            subject: 'رندر متوقف شد',
            message: 'از ساعت ۱۰ رندر جلو نمی‌رود.',
          },
        ),
        'multipart/form-data': {
          schema: {
            type: 'object',
            description: 'The same fields, and files as `attachments`',
            properties: {
              attachments: { type: 'array', items: str({ contentMediaType: 'application/octet-stream' }) },
            },
          },
        },
      },
      answer: ok(data(ref('TicketThread')), {
        data: {
          ...ticketExample,
          messages: [
            {
              id: 1,
              author: 'customer',
              author_name: 'سارا محمدی',
              body: 'از ساعت ۱۰ رندر جلو نمی‌رود.',
              created_at: EXAMPLE_TIME,
              attachments: [],
            },
          ],
        },
      }),
      errors: [404, 422],
    }),
  },
  '/api/v1/drives': {
    get: op({
      id: 'drives.index',
      summary: 'Your drives (every one: not paged)',
      ability: 'read',
      tags: ['drives'],
      answer: ok(exact({ data: { type: 'array', items: ref('Drive') } }), { data: [driveExample] }),
    }),
  },
  '/api/v1/drives/{drive}/files': {
    get: op({
      id: 'drives.files',
      summary: 'One folder of a drive: its folders, then its files',
      ability: 'read',
      tags: ['drives'],
      parameters: [
        driveParam,
        {
          name: 'path',
          in: 'query',
          required: false,
          description: 'The folder; the top when left out',
          schema: str({ default: '' }),
        },
      ],
      answer: ok(
        exact({
          data: { type: 'array', items: ref('DriveEntry') },
          meta: exact({
            path: str(),
            breadcrumb: { type: 'array', items: exact({ name: str(), path: str() }) },
          }),
        }),
        {
          data: [
            {
              kind: 'folder',
              name: 'ویلای شمال',
              path: 'صحنه‌ها/ویلای شمال',
              size: null,
              sha256: null,
              created_at: EXAMPLE_TIME,
            },
            {
              kind: 'file',
              name: 'villa.blend',
              path: 'صحنه‌ها/villa.blend',
              size: 48_213_004,
              sha256: 'a3f1c0e9b8d7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1',
              created_at: EXAMPLE_TIME,
            },
          ],
          meta: { path: 'صحنه‌ها', breadcrumb: [{ name: 'صحنه‌ها', path: 'صحنه‌ها' }] },
        },
      ),
      errors: [404],
    }),
  },
  '/api/v1/drives/{drive}/files/link': {
    post: op({
      id: 'drives.link',
      summary: 'A signed download link of a file (10 minutes; resumable with Range)',
      ability: 'create',
      tags: ['drives'],
      parameters: [driveParam],
      body: json(exact({ path: str({ description: 'The file’s path in the drive' }) }), {
        path: 'صحنه‌ها/villa.blend',
      }),
      answer: ok(data(ref('DownloadLink')), {
        data: {
          url: 'https://farm.example/dl/1a.2b.3c.lq0m8z.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEf',
          expires_at: EXAMPLE_TIME,
        },
      }),
      errors: [404, 422],
    }),
  },
  '/api/v1/drives/{drive}/uploads': {
    post: op({
      id: 'drives.uploads.store',
      summary: 'tus creation: reserve the space of a new file',
      description:
        'tus 1.0.0 (creation, termination, expiration). Send `Upload-Length` and `Upload-Metadata` with `filename` (the file’s name) and `folder` (an existing folder of the drive, empty for the top), each base64. The space is reserved before a byte is taken: over the free space is 413. Answers 201 with `Location` (this path and the upload’s id) and `Upload-Expires` (24 h).',
      ability: 'create',
      tags: ['drives'],
      status: 201,
      parameters: [
        driveParam,
        tusRequestHeader,
        { name: 'Upload-Length', in: 'header', required: true, schema: int({ minimum: 0 }) },
        {
          name: 'Upload-Metadata',
          in: 'header',
          required: true,
          schema: str(),
          example: 'filename c2hvdC5ibGVuZA==,folder 2LXYrdmG2YfigIzZh9in',
        },
      ],
      answer: {
        description: 'Created',
        headers: {
          ...tusHeaders,
          Location: { description: '`/api/v1/drives/{drive}/uploads/{upload}`', schema: str() },
          'Upload-Expires': { schema: str() },
        },
      },
      errors: [404, 413, 422],
    }),
  },
  '/api/v1/drives/{drive}/uploads/{upload}': {
    get: op({
      id: 'drives.uploads.get',
      summary: 'Not offered (the route is there for HEAD)',
      ability: 'create',
      tags: ['drives'],
      status: 405,
      parameters: [driveParam, pathParam('upload', 'The upload’s id (32 hex digits)')],
      answer: { description: 'Method Not Allowed; `Allow: HEAD, PATCH, DELETE`' },
    }),
    head: op({
      id: 'drives.uploads.offset',
      summary: 'tus: how many bytes the server has (resume from there)',
      ability: 'create',
      tags: ['drives'],
      parameters: [driveParam, pathParam('upload', 'The upload’s id'), tusRequestHeader],
      answer: {
        description: 'The offset',
        headers: {
          ...tusHeaders,
          'Upload-Offset': { schema: int() },
          'Upload-Length': { schema: int() },
        },
      },
      errors: [404],
    }),
    patch: op({
      id: 'drives.uploads.patch',
      summary: 'tus: bytes from Upload-Offset on',
      description:
        'Body `application/offset+octet-stream`. The last PATCH stores the file and answers `X-Checksum-SHA256` (hex). A wrong offset is 409: ask HEAD and go on from there.',
      ability: 'create',
      tags: ['drives'],
      status: 204,
      parameters: [
        driveParam,
        pathParam('upload', 'The upload’s id'),
        tusRequestHeader,
        { name: 'Upload-Offset', in: 'header', required: true, schema: int({ minimum: 0 }) },
      ],
      body: {
        'application/offset+octet-stream': { schema: str({ contentMediaType: 'application/octet-stream' }) },
      },
      answer: {
        description: 'Taken',
        headers: {
          ...tusHeaders,
          'Upload-Offset': { schema: int() },
          'X-Checksum-SHA256': { description: 'On the last PATCH', schema: str() },
        },
      },
      errors: [404, 409, 422],
    }),
    delete: op({
      id: 'drives.uploads.destroy',
      summary: 'tus termination: give up the upload (its space comes back)',
      ability: 'create',
      tags: ['drives'],
      status: 204,
      parameters: [driveParam, pathParam('upload', 'The upload’s id'), tusRequestHeader],
      answer: { description: 'Given up', headers: tusHeaders },
      errors: [404],
    }),
  },
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
  '/api/v1/jobs/check/{check}': {
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
  '/api/v1/jobs/{job}/pause': jobAction('pause', 'Pause (the nodes at work stop on their next call)'),
  '/api/v1/jobs/{job}/resume': jobAction('resume', 'Resume a paused job'),
  '/api/v1/jobs/{job}/cancel': jobAction('cancel', 'Cancel (rendered frames stay in the drive)'),
  '/api/v1/jobs/{job}/requeue': jobAction('requeue', 'Queue a failed job’s failed frames again'),
};

/** The document, with `servers` naming this app's address. */
export function openApiDocument(appUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Render farm customer API',
      version: '1',
      description:
        'JSON in and out; Persian messages; amounts in integer Rial; times ISO-8601 UTC. Each operation’s `x-ability` names the token ability it needs. See docs/api.md.',
    },
    servers: [{ url: appUrl }],
    tags: ['account', 'instances', 'tickets', 'drives', 'jobs', 'meta'].map((name) => ({ name })),
    security: [{ token: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        token: {
          type: 'http',
          scheme: 'bearer',
          description: `A token made on the panel's API page, as \`<id>|<secret>\`, with abilities among ${TOKEN_ABILITIES.join(', ')}.`,
        },
      },
    },
  };
}
