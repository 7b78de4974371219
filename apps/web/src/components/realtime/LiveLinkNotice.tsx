import { RefreshCw } from 'lucide-react';
import type { LiveLinkProblem } from '../../lib/realtime/use-live-link';

const WORDS: Record<Exclude<LiveLinkProblem, null>, string> = {
  refused: 'به‌روزرسانی زنده برای این صفحه برقرار نشد؛ تغییرات تازه با بارگذاری دوبارهٔ صفحه دیده می‌شوند.',
  lost: 'ارتباط زنده قطع شده است و دوباره وصل می‌شویم؛ تا آن زمان تغییرات تازه با بارگذاری دوبارهٔ صفحه دیده می‌شوند.',
};

/**
 * A quiet line at the foot of the screen while the tab's live link is refused or lost, so a page
 * that stopped updating says so instead of showing stale states in silence.
 */
export function LiveLinkNotice({ problem }: { problem: LiveLinkProblem }) {
  if (!problem) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-xl items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 shadow-sm sm:inset-x-6"
    >
      <p className="min-w-0 flex-1">{WORDS[problem]}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium text-amber-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-amber-600"
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        بارگذاری دوباره
      </button>
    </div>
  );
}
