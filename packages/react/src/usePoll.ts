import { type Poll, type PollOptions, type ReloadOptions, router } from '@renderfarm/router';
import { useEffect, useRef } from './react';

/** Reloads the page's props every `interval` ms while the component is mounted; returns `{ start, stop }`. */
export function usePoll(
  interval: number,
  options: ReloadOptions = {},
  { keepAlive, autoStart }: PollOptions = {},
): Poll {
  const latest = useRef(options);
  latest.current = options;
  const poll = useRef<Poll>(undefined);
  useEffect(() => {
    poll.current = router.poll(interval, () => latest.current, { keepAlive, autoStart });
    return poll.current.stop;
  }, [interval, keepAlive, autoStart]);
  return useRef<Poll>({ start: () => poll.current?.start(), stop: () => poll.current?.stop() }).current;
}
