/** The typography of a body, shared with the admin body editor so what is written looks as it will. */
export const PROSE_CLASS =
  'max-w-none break-words text-[15px] leading-8 text-gray-800 sm:text-base sm:leading-8 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:my-5 [&_blockquote]:border-s-4 [&_blockquote]:border-brand-200 [&_blockquote]:ps-4 [&_blockquote]:text-gray-600 [&_h2]:mt-9 [&_h2]:mb-3 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:leading-9 [&_h2]:text-gray-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900 [&_iframe]:aspect-video [&_iframe]:w-full [&_iframe]:rounded-xl [&_img]:my-5 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li]:my-1 [&_ol]:my-4 [&_ol]:[list-style-type:persian] [&_ol]:ps-6 [&_p]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3 [&_pre]:text-start [&_table]:block [&_table]:overflow-x-auto [&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6';

/**
 * A stored HTML body (an article, a static page). The server sanitised it on save against an
 * allowlist (no scripts, event attributes, styles or javascript: URLs), so it is set as HTML here.
 * Typography for Persian: roomy line height, headings with space above, lists on the right.
 */
export function Prose({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`${PROSE_CLASS} ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved (modules/content/sanitize.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
