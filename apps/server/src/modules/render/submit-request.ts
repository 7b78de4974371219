import { ValidationError } from '@renderfarm/fastify';
import { z } from 'zod';
import { RenderError } from './errors';
import { type RenderSettingsInput, validateSettings } from './service';

/*
 * The bodies of a scene check and a submission, as the panel's forms and the API send them
 * (the same fields on both).
 */

export const checkRequest = z.object({
  drive: z
    .string({ error: 'یک فضای ذخیره‌سازی انتخاب کنید.' })
    .trim()
    .min(1, 'یک فضای ذخیره‌سازی انتخاب کنید.')
    .max(64),
  path: z.string({ error: 'یک فایل صحنه انتخاب کنید.' }).trim().min(1, 'یک فایل صحنه انتخاب کنید.').max(4000),
  /** The job's name; the scene file's name without `.blend` when left out. */
  name: z.string().max(120, 'نام رندر حداکثر ۱۲۰ نویسه است.').optional(),
});

const field = z.union([z.string().max(500), z.number()]).optional();
export const storeRequest = z.object({
  check: z.string({ error: 'نخست صحنه را بررسی کنید.' }).trim().min(1, 'نخست صحنه را بررسی کنید.').max(64),
  frames: z.string().max(500, 'فهرست فریم‌ها بیش از اندازه بلند است.').default(''),
  chunk: field,
  format: field,
  resolution: field,
  samples: z.union([z.string().max(12), z.number(), z.null()]).optional(),
  priority: field,
  idempotency_key: z.string().max(100).optional(),
});

/**
 * A submission's settings, with every field's problem at once beside its field (the service
 * names the first only): a 422 on the API, the form's errors on the panel.
 */
export function settingsOf(input: z.infer<typeof storeRequest>): RenderSettingsInput {
  const settings = {
    frames: input.frames,
    chunk: input.chunk,
    format: input.format,
    resolution: input.resolution,
    samples: input.samples,
    priority: input.priority,
  };
  try {
    validateSettings(settings);
  } catch (error) {
    const errors = error instanceof RenderError ? error.details?.errors : undefined;
    if (errors) throw new ValidationError(errors as Record<string, string>);
    throw error;
  }
  return settings;
}
