import { router } from '@renderfarm/router';
import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useState } from './react';

/**
 * State kept in the history entry of the page: back/forward brings back the latest value.
 * Writes go only to the entry the component was mounted in, so a page being left can never
 * overwrite the next one (inertiajs/inertia#2226, #2406).
 */
export function useRemember<S>(initialState: S, key = 'default'): [S, Dispatch<SetStateAction<S>>] {
  const [entryId] = useState(() => router.entryId);
  const [state, setState] = useState<S>(() => {
    const restored = router.restore<S>(key);
    return restored === undefined ? initialState : restored;
  });
  useEffect(() => {
    router.remember(state, key, entryId);
  }, [state, key, entryId]);
  return [state, setState];
}
