import type { ActiveVisit, Errors, Page, Progress } from './types';

/** Payload (`event.detail`) of each global router event, as in Inertia v2. */
export interface RouterEventMap {
  before: { visit: ActiveVisit };
  start: { visit: ActiveVisit };
  progress: { progress: Progress };
  success: { page: Page };
  error: { errors: Errors };
  invalid: { response: { status: number; body: string; headers: Record<string, string> }; error: Error };
  exception: { exception: Error };
  finish: { visit: ActiveVisit };
  navigate: { page: Page };
  prefetched: { url: string; page: Page };
}
export type RouterEventName = keyof RouterEventMap;
export type RouterEventListener<K extends RouterEventName> = (
  event: CustomEvent<RouterEventMap[K]>,
) => unknown;

/**
 * Events travel as DOM `CustomEvent`s named `inertia:<name>` on `document`, so code written for
 * Inertia's `document.addEventListener('inertia:start', …)` keeps working.
 * A listener that returns `false` cancels a cancelable event.
 */
export function listen<K extends RouterEventName>(name: K, listener: RouterEventListener<K>): () => void {
  const handler = (event: Event) => {
    if (listener(event as CustomEvent<RouterEventMap[K]>) === false) event.preventDefault();
  };
  document.addEventListener(`inertia:${name}`, handler);
  return () => document.removeEventListener(`inertia:${name}`, handler);
}

/** Fires an event; returns `false` when a listener cancelled it (only `before`, `invalid` and `exception` look). */
export function fire<K extends RouterEventName>(name: K, detail: RouterEventMap[K]): boolean {
  return document.dispatchEvent(new CustomEvent(`inertia:${name}`, { detail, cancelable: true }));
}
