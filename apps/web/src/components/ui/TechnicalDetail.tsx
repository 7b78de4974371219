/**
 * A driver's or a job's own (English) words, for staff who want them: folded under «جزئیات فنی»
 * and laid out left to right, so the Persian reason above it reads alone and the English keeps
 * its parentheses and numbers in place.
 */
export function TechnicalDetail({ children, className = '' }: { children: string; className?: string }) {
  return (
    <details className={`group text-xs ${className}`}>
      <summary className="cursor-pointer text-gray-600 select-none hover:text-gray-900">جزئیات فنی</summary>
      <p
        dir="ltr"
        className="mt-1 rounded-md bg-gray-50 px-2 py-1.5 text-start font-mono break-words text-gray-700 [unicode-bidi:isolate]"
      >
        {children}
      </p>
    </details>
  );
}
