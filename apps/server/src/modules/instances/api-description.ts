import {
  type ApiDescription,
  data,
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
import { POWER_ACTIONS } from './state-machine';
import { INSTANCE_POWER_STATES, INSTANCE_STATUSES } from './tables';

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

/** `api.v1.instances.*` in the API's OpenAPI description (modules/api/openapi.ts). */
export const instancesApiDescription: ApiDescription = {
  schemas: {
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
  },
  paths: {
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
  },
};
