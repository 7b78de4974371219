import { z } from 'zod';
import { POWER_ACTIONS } from './state-machine';

export const POWER_JOB = 'instance.power';

/** What an `instance.power` job carries: ids and the request, never secrets. */
export const powerJobPayload = z.object({
  instanceId: z.number().int().positive(),
  action: z.enum(POWER_ACTIONS),
  force: z.boolean(),
  actorId: z.number().int().positive().nullable(),
});

export type PowerJobPayload = z.infer<typeof powerJobPayload>;
