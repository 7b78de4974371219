import type { TokenAbility } from './token-abilities';

/*
 * The pieces the API's OpenAPI 3.1 description is written with (modules/api/openapi.ts puts it
 * together): each module describes its own `/api/v1` routes beside them (its
 * `api-description.ts`, handed over as `AppModule.apiDescription`). Schemas are JSON Schema
 * 2020-12; answers are `exact` (every field required, no other allowed), so a test holding the
 * description to real answers notices a field added or dropped.
 */

/** One module's part of the description: its paths and the schemas they refer to. */
export interface ApiDescription {
  paths: Record<string, Json>;
  schemas: Record<string, Json>;
}

export type Json = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const str = (extra: Json = {}) => ({ type: 'string', ...extra });
export const int = (extra: Json = {}) => ({ type: 'integer', ...extra });
export const nullable = (schema: Json) => ({ anyOf: [schema, { type: 'null' }] });
export const time = str({ format: 'date-time' });
export const uuid = str({ format: 'uuid' });
export const rial = (description: string) => int({ description: `${description} (Rial)` });
/** An object whose every property is required and no other is allowed: the answers are exact. */
export const exact = (properties: Record<string, Json>, extra: Json = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});
export const enumOf = (values: readonly string[], extra: Json = {}) => ({
  type: 'string',
  enum: [...values],
  ...extra,
});

export const EXAMPLE_UUID = '0d5c2f4e-8b1a-4c7d-9e3f-2a6b8c0d1e2f';
export const EXAMPLE_DRIVE = '7a1e9c3b-5d2f-4a8e-b6c0-1f3d5e7a9b2c';
export const EXAMPLE_TIME = '2026-11-21T08:02:11.000Z';

export const paging = exact({
  page: int({ minimum: 1 }),
  per_page: int({ minimum: 1, maximum: 100 }),
  has_more: { type: 'boolean' },
});
export const pageParams = [
  { name: 'page', in: 'query', required: false, schema: int({ minimum: 1, default: 1 }) },
  { name: 'per_page', in: 'query', required: false, schema: int({ minimum: 1, maximum: 100, default: 25 }) },
];
export const pathParam = (name: string, description: string, schema: Json = str()) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

export const json = (schema: Json, example: unknown) => ({ 'application/json': { schema, example } });
export const data = (schema: Json) => exact({ data: schema });
export const list = (item: string) => exact({ data: { type: 'array', items: ref(item) }, meta: paging });

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
export function op(spec: {
  id: string;
  summary: string;
  ability: TokenAbility;
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

export const ok = (schema: Json, example: unknown, description = 'OK') => ({
  description,
  content: json(schema, example),
});
