import type { Database } from '../../db/client';
import type { BroadcastEvent } from '../../platform/broadcasting';
import { notify } from '../notifications';

/** A word to a machine's owner about something the farm did to it on its own (links to the machine). */
export interface OwnerNotice {
  userId: number;
  /** The machine's uuid: the notice links to its View. */
  uuid: string;
  title: string;
  body: string;
  key: string;
}

export function noticeOwner(
  tx: Database,
  broadcast: (event: BroadcastEvent) => void,
  notice: OwnerNotice,
): Promise<boolean> {
  const { uuid, ...rest } = notice;
  return notify(tx, broadcast, {
    ...rest,
    event: 'machine_stopped',
    path: `/panel/instances/${uuid}`,
    action: 'دیدن سرور',
  });
}
