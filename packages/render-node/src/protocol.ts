import { z } from 'zod';

/**
 * The manager's messages as docs/decisions/0014-render-node-protocol.md fixes them, checked on
 * arrival: a node renders nothing from a task it does not understand.
 */
export const PROTOCOL_PREFIX = '/render-node/v1';

export const RENDER_FORMATS = ['PNG', 'JPEG', 'OPEN_EXR'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

const frameNumber = z.number().int().min(0).max(1_048_574);

export const taskSchema = z.object({
  uuid: z.string().min(1),
  kind: z.enum(['render', 'check']),
  lease_seconds: z.number().positive(),
  job: z.object({ uuid: z.string().min(1), name: z.string() }),
  scene: z.object({
    url: z.string().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/i),
    size: z.number().int().nonnegative(),
    filename: z.string(),
  }),
  // A check has none of these.
  frames: z
    .object({ start: frameNumber, end: frameNumber, step: z.number().int().positive().optional() })
    .nullish(),
  settings: z
    .object({
      format: z.enum(RENDER_FORMATS),
      resolution_percentage: z.number().int().min(1).max(100),
      samples: z.number().int().positive().nullable(),
      denoise: z.boolean(),
      // Not in 0014 yet: a missing texture, library or cache fails the task instead of rendering.
      fail_on_missing: z.boolean().optional(),
    })
    .nullish(),
  outputs: z
    .array(
      z.object({
        frame: frameNumber,
        // Only a plain file name: it becomes a path in the node's task folder.
        name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
        upload_url: z.string().min(1),
      }),
    )
    .nullish(),
});
export type Task = z.infer<typeof taskSchema>;

export const enrolResponseSchema = z.object({
  node: z.object({ uuid: z.string(), name: z.string() }),
  token: z.string().min(1),
});

export const progressResponseSchema = z.object({
  lease_until: z.string().nullish(),
  cancel: z.boolean(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

export interface ProgressReport {
  log: string[];
  frame?: number;
  sample?: [number, number];
}

export interface CompleteReport {
  render_seconds: number;
  log: string[];
  findings?: Record<string, unknown>;
}

export interface FailReport {
  reason: string;
  log: string[];
}
