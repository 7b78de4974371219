import { useEffect, useState } from 'react';
import type { RealtimeProps } from '../../types/shared-props';
import { realtimeClient } from './realtime-client';

/**
 * What went wrong with the tab's live link, if anything: `refused` (the server would not take the
 * socket: another origin, over capacity; the client does not retry), `lost` (it was live and has
 * not come back within a few seconds, or never got through), or null while it works or is still
 * connecting. A short drop that reconnects at once says nothing.
 */
export type LiveLinkProblem = 'refused' | 'lost' | null;

/** A reconnect within this time is not worth a word. */
const GRACE_MS = 4000;

export function useLiveLink(config: RealtimeProps | null | undefined): LiveLinkProblem {
  const [problem, setProblem] = useState<LiveLinkProblem>(null);
  const key = config?.key ?? null;
  const host = config?.host ?? null;
  const port = config?.port ?? null;
  const scheme = config?.scheme ?? null;

  useEffect(() => {
    if (!key) return;
    const client = realtimeClient({ key, host, port, scheme });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const judge = () => {
      clearTimeout(timer);
      const state = client.connection.state;
      if (state === 'connected') setProblem(null);
      else if (state === 'failed') setProblem('refused');
      else if (state === 'unavailable') setProblem('lost');
      // Connecting (again): give it a moment before saying anything.
      else if (state === 'connecting') timer = setTimeout(() => setProblem('lost'), GRACE_MS);
    };
    judge();
    const off = client.connection.onState(judge);
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [key, host, port, scheme]);

  return key ? problem : null;
}
