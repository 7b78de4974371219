import { type PollOptions, type ReloadOptions, router } from '@renderfarm/router';
import { useEffect, useRef } from './react';

/** Reloads the page's props every `interval` ms while the component is mounted. */
export function usePoll(interval: number, options: ReloadOptions = {}, pollOptions: PollOptions = {}) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const control = useRef<{ start: () => void; stop: () => void }>({ start: () => {}, stop: () => {} });
  const { keepAlive = false, autoStart = true } = pollOptions;
  useEffect(() => {
    const poll = router.poll(interval, () => optionsRef.current, { keepAlive, autoStart });
    control.current = poll;
    return poll.stop;
  }, [interval, keepAlive, autoStart]);
  return { start: () => control.current.start(), stop: () => control.current.stop() };
}
