import type { ScrollPosition } from './types';

/** docs/protocol.md: scroll positions are written to history at most once per 100 ms of scrolling. */
export const SCROLL_SAVE_DEBOUNCE = 100;

export interface ScrollSnapshot {
  documentScrollPosition: ScrollPosition;
  scrollRegions: ScrollPosition[];
}

/** Elements marked `scroll-region` (attribute), matched by their order in the document. */
export function regions(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[scroll-region]')];
}

export function snapshot(): ScrollSnapshot {
  return {
    documentScrollPosition: { top: window.scrollY, left: window.scrollX },
    scrollRegions: regions().map((region) => ({ top: region.scrollTop, left: region.scrollLeft })),
  };
}

export function restore({ documentScrollPosition, scrollRegions }: ScrollSnapshot): void {
  regions().forEach((region, index) => {
    const position = scrollRegions[index];
    if (position) {
      region.scrollTop = position.top;
      region.scrollLeft = position.left;
    }
  });
  window.scrollTo(documentScrollPosition.left, documentScrollPosition.top);
}

/** A new page: regions and the document to the top, or the document to the `#hash` target. */
export function reset(hash: string): void {
  restore({
    documentScrollPosition: { top: 0, left: 0 },
    scrollRegions: regions().map(() => ({ top: 0, left: 0 })),
  });
  if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
}

/**
 * Listens to every scroll (capture phase, so nested regions count) and calls `save` once scrolling
 * has paused for 100 ms. Returns the function that stops listening.
 */
export function watch(save: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onScroll = (event: Event) => {
    const target = event.target;
    if (target !== document && !(target as Element).hasAttribute?.('scroll-region')) return;
    clearTimeout(timer);
    timer = setTimeout(save, SCROLL_SAVE_DEBOUNCE);
  };
  // Capture phase on the document sees the document's own scroll and every region's (scroll events
  // on elements do not bubble).
  document.addEventListener('scroll', onScroll, true);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('scroll', onScroll, true);
  };
}
