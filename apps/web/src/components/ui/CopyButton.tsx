import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './Button';

/** How long «کپی شد» stays before the button reads «کپی» again. */
export const COPIED_FOR_MS = 2000;

/** Copies a value (a new token, recovery codes) and says so, also to screen readers. */
export function CopyButton({ value, label = 'کپی' }: { value: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard permission (http, an old browser): the value stays on screen to select by hand.
      setState('failed');
    }
  };

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" size="sm" onClick={copy}>
        {state === 'copied' ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {label}
      </Button>
      <span aria-live="polite" className="text-xs text-gray-600">
        {state === 'copied' ? 'کپی شد' : state === 'failed' ? 'کپی نشد؛ آن را انتخاب و کپی کنید' : ''}
      </span>
    </span>
  );
}
