/**
 * Blender's own last lines for a task, folded under «جزئیات فنی» and laid out left to right (the
 * log is English with paths and numbers), so the Persian around it reads alone.
 */
export function LogTail({ log, className = '' }: { log: string | null; className?: string }) {
  if (!log) return null;
  return (
    <details className={`group text-xs ${className}`}>
      <summary className="cursor-pointer text-gray-600 select-none hover:text-gray-900">جزئیات فنی</summary>
      <pre
        dir="ltr"
        className="mt-1 max-h-64 overflow-auto rounded-md bg-gray-50 px-2 py-1.5 text-start font-mono text-[11px] leading-5 whitespace-pre-wrap break-words text-gray-700 [unicode-bidi:isolate]"
      >
        {log}
      </pre>
    </details>
  );
}
