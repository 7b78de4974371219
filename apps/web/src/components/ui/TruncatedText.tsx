import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A name as long as its limit allows (a machine's 60 characters, a drive's, a ticket's subject):
 * one line, cut with «…» where it does not fit, and whole on hover (`title`) and on focus. While it
 * is cut it takes the keyboard, and focused it wraps to show every character. Inside a link or a
 * button pass `inControl`: that control takes the focus, and the name wraps while it is focused.
 */
export function TruncatedText({
  text,
  className = '',
  inControl = false,
}: {
  text: string;
  className?: string;
  inControl?: boolean;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // Focused, it wraps and is no longer cut: keep it focusable until it is left.
      if (document.activeElement === element) return;
      setCut(element.scrollWidth > element.clientWidth + 1);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('blur', measure);
    return () => {
      observer.disconnect();
      element.removeEventListener('blur', measure);
    };
  }, [text]);
  const wrapWhenFocused = inControl
    ? 'in-focus-visible:whitespace-normal in-focus-visible:[overflow-wrap:anywhere]'
    : 'focus:whitespace-normal focus:[overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-brand-600/40';
  return (
    <span
      ref={ref}
      title={text}
      tabIndex={cut && !inControl ? 0 : undefined}
      className={`block min-w-0 max-w-full truncate rounded-sm ${wrapWhenFocused} ${className}`}
    >
      {text}
    </span>
  );
}
