import { generation } from './encryption';
import { isEqual } from './equal';
import type { EncryptedPage, HistoryEntry, Page, ScrollPosition } from './types';

/** A fresh id for each history entry the router creates. */
export const newEntryId = (): string => Math.random().toString(36).slice(2);

export function isEntry(state: unknown): state is HistoryEntry {
  return !!(state as HistoryEntry | null)?.id;
}

export function currentEntry(): HistoryEntry | undefined {
  const state = window.history.state;
  return isEntry(state) ? state : undefined;
}

const TOP: ScrollPosition = { top: 0, left: 0 };

export function makeEntry(
  page: Page | EncryptedPage,
  id: string,
  rememberedState: Record<string, unknown> = {},
): HistoryEntry {
  return {
    page,
    scrollRegions: [],
    documentScrollPosition: TOP,
    rememberedState,
    id,
    generation: generation(),
  };
}

/**
 * Writes one entry. Two browser limits are handled: a state too big for the browser (Safari's
 * QuotaExceededError, Firefox's NS_ERROR_ILLEGAL_VALUE) turns the visit into a full page load, so
 * the user still gets the page; Safari's "too many calls" SecurityError is logged and skipped.
 */
export function write(entry: HistoryEntry, url: string, mode: 'push' | 'replace'): void {
  try {
    window.history[`${mode}State`](entry, '', url);
  } catch (error) {
    console.error(error);
    if (mode === 'push' && (error as Error).name !== 'SecurityError') window.location.href = url;
  }
}

/**
 * Changes fields of the current entry (scroll, remembered state) without touching the page. An
 * entry that already holds the values is left alone: every write copies the whole page
 * (structured clone) and, in Chromium, waits on the browser process, and a visit would otherwise
 * rewrite unchanged scroll positions before and after each page.
 */
export function update(change: Partial<HistoryEntry>, onlyEntryId?: string): boolean {
  const entry = currentEntry();
  if (!entry || (onlyEntryId !== undefined && entry.id !== onlyEntryId)) return false;
  const changed = Object.keys(change).some(
    (key) => !isEqual(entry[key as keyof HistoryEntry], change[key as keyof HistoryEntry]),
  );
  if (changed) write({ ...entry, ...change }, window.location.href, 'replace');
  return true;
}
