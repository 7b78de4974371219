import {
  type ApiDescription,
  data,
  EXAMPLE_DRIVE,
  EXAMPLE_TIME,
  enumOf,
  exact,
  int,
  json,
  nullable,
  ok,
  op,
  pathParam,
  ref,
  rial,
  str,
  time,
  uuid,
} from '../../http/openapi-parts';
import { DRIVE_STATUSES } from './tables';

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
/** `api.v1.drives.*` (tus uploads included) in the API's OpenAPI description (modules/api/openapi.ts). */
export const drivesApiDescription: ApiDescription = {
  schemas: {
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
  },
  paths: {
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
        ability: 'read',
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
          'application/offset+octet-stream': {
            schema: str({ contentMediaType: 'application/octet-stream' }),
          },
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
  },
};
