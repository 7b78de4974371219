import {
  type ApiDescription,
  data,
  EXAMPLE_TIME,
  EXAMPLE_UUID,
  enumOf,
  exact,
  int,
  type Json,
  list,
  nullable,
  ok,
  op,
  pageParams,
  ref,
  rial,
  str,
  time,
  uuid,
} from '../../http/openapi-parts';
import { TOKEN_ABILITIES } from '../../http/token-abilities';
import { WALLET_TRANSACTION_TYPES } from '../billing';

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
};

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
};

/**
 * The OpenAPI 3.1 description of `/api/v1` (served at `/api/v1/openapi.json`): this module's
 * routes (the profile, the ledger, the description itself) and the parts the other modules hand
 * over (`AppModule.apiDescription`, each beside its routes). Written by hand beside docs/api.md and
 * held to the app by openapi.test.ts: every API route described and nothing else, the abilities
 * as the guards ask, every example and real answers fitting the schemas.
 */
export function openApiDocument(appUrl: string, parts: readonly ApiDescription[]) {
  const all = [{ paths, schemas }, ...parts];
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
    paths: Object.assign({}, ...all.map((part) => part.paths)),
    components: {
      schemas: Object.assign({}, ...all.map((part) => part.schemas)),
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
