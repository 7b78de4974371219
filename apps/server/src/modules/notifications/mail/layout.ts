/** Escapes text for HTML: every value put into a template goes through this. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export const SITE_NAME = 'رندر فارم ابری';

/**
 * The frame of every e-mail: right-to-left, Persian, inline styles only (mail clients drop
 * <style> blocks), Tahoma first because it has Persian glyphs on nearly every system.
 */
export function layout(options: {
  title: string;
  bodyHtml: string;
  action?: { label: string; url: string };
}): string {
  const button = options.action
    ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(options.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 24px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(options.action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">اگر دکمه کار نکرد، این نشانی را در مرورگر باز کنید:<br><span dir="ltr" style="word-break:break-all">${escapeHtml(options.action.url)}</span></p>`
    : '';
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.title)}</title></head>
<body dir="rtl" style="margin:0;background:#f3f4f6;font-family:Tahoma,Vazirmatn,Arial,sans-serif;direction:rtl;text-align:right">
<div style="max-width:560px;margin:24px auto;background:#ffffff;border-radius:12px;padding:24px;color:#111827;line-height:1.9">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(options.title)}</h1>
${options.bodyHtml}
${button}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="font-size:12px;color:#6b7280;margin:0">${SITE_NAME}</p>
</div>
</body>
</html>`;
}
