/** Defaults required by docs/protocol.md: the bar appears only for visits longer than 250 ms, colour #4B5563. */
export const PROGRESS_DELAY = 250;
export const PROGRESS_COLOR = '#4B5563';

export interface ProgressOptions {
  /** Milliseconds a visit must last before the bar shows (default 250). */
  delay?: number;
  /** Bar colour (default #4B5563). */
  color?: string;
}

const ID = 'rf-progress';

/**
 * A thin bar at the top of the viewport, written with inline styles so it needs no stylesheet and
 * works under a strict CSP. There is no spinner. It starts on the inline-start edge, so it grows
 * from the right in an RTL document.
 */
export class ProgressBar {
  #delay = PROGRESS_DELAY;
  #color = PROGRESS_COLOR;
  #enabled = true;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #element: HTMLElement | undefined;

  configure(options: ProgressOptions | false | undefined): void {
    this.#enabled = options !== false;
    if (options) ({ delay: this.#delay = PROGRESS_DELAY, color: this.#color = PROGRESS_COLOR } = options);
  }

  /** Schedules the bar; a visit that ends before the delay never shows it. */
  start(): void {
    if (!this.#enabled) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#show(), this.#delay);
  }

  /** Upload progress moves the bar, up to 90 % until the response arrives. */
  set(percentage: number): void {
    this.#width(`${Math.min(90, percentage)}%`, '.2s');
  }

  /** The visit completed: fill the bar, then remove it. */
  finish(): void {
    const element = this.#element;
    clearTimeout(this.#timer);
    this.#width('100%', '.2s');
    this.#element = undefined;
    setTimeout(() => element?.remove(), 300);
  }

  /** The visit was cancelled or interrupted: remove the bar at once. */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#element?.remove();
    this.#element = undefined;
  }

  #show(): void {
    document.getElementById(ID)?.remove();
    const bar = document.createElement('div');
    bar.id = ID;
    bar.style.cssText = `position:fixed;top:0;height:3px;z-index:99999;background:${this.#color}`;
    document.body.append(bar);
    this.#element = bar;
    // The bar creeps towards 90 % by itself with a long ease-out transition: no timer needed.
    bar.offsetWidth;
    this.#width('90%', '20s ease-out');
  }

  #width(width: string, duration: string): void {
    if (this.#element) Object.assign(this.#element.style, { width, transition: `width ${duration}` });
  }
}
