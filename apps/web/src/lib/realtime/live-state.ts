/**
 * «The state on this page has just changed»: said by a live reload (useLiveReload) once the props
 * a realtime event asked for are in. A flash describes the state as the last action left it
 * («چند لحظه دیگر خاموش می‌شود»); once the state has moved on, it is no longer true and the flash
 * messages drop it (layouts/parts/FlashMessages). Plain listeners: one page, one browser tab.
 */
const listeners = new Set<() => void>();

/** Calls `listener` after each live reload; returns the function that stops it. */
export function onLiveStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener that a live reload has brought the page's current state. */
export function liveStateChanged(): void {
  for (const listener of [...listeners]) listener();
}
