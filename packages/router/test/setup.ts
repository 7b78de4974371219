// jsdom has no layout: window.scrollTo is a stub that logs "not implemented". Give it the browser's
// observable effect (scrollX/scrollY change) so scroll saving and restoring can be asserted.
if (typeof window !== 'undefined') {
  let x = 0;
  let y = 0;
  Object.defineProperty(window, 'scrollX', { configurable: true, get: () => x });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  Object.defineProperty(window, 'pageXOffset', { configurable: true, get: () => x });
  Object.defineProperty(window, 'pageYOffset', { configurable: true, get: () => y });
  window.scrollTo = ((left: number | ScrollToOptions, top?: number) => {
    if (typeof left === 'object') {
      x = left.left ?? x;
      y = left.top ?? y;
    } else {
      x = left;
      y = top ?? y;
    }
  }) as typeof window.scrollTo;
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    y = Number((this as HTMLElement).dataset.offsetTop ?? 0);
  };
}
