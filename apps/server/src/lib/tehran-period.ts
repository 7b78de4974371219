import { z } from 'zod';
import { tehranDayEnd, tehranDayStart } from './tehran-day';

/** One end of a list's period filter (`2026-11-24`); anything else is dropped, and the list still answers. */
export const isoDayQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(v)))
  .optional()
  .catch(undefined);

/**
 * A period of whole Tehran days from a list's filters: the days in order (a period given backwards
 * is read the way round it was meant) and the instants it covers, `end` exclusive.
 */
export function tehranPeriod(from: string | undefined, to: string | undefined) {
  const [first, last] = from && to && from > to ? [to, from] : [from, to];
  return {
    from: first,
    to: last,
    start: first ? tehranDayStart(first) : undefined,
    end: last ? tehranDayEnd(last) : undefined,
  };
}
