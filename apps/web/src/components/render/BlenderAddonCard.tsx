import { Download } from 'lucide-react';
import { Link } from '../../app/protocol';
import { useRoute } from '../../lib/route';
import { buttonClasses } from '../ui/Button';
import { Card } from '../ui/Card';
import { Ltr } from '../ui/Ltr';

/**
 * The Blender add-on (integrations/blender): its download and the install steps, in Persian. The
 * add-on's own labels are English (Blender 3.4 draws Persian unjoined, and artists use Blender in
 * English), so the menu names stay Latin here, isolated from the sentence around them.
 */
export function BlenderAddonCard({ className = '' }: { className?: string }) {
  const route = useRoute();
  if (!route.has('software.blender-addon')) return null;
  const tokens = route.has('api-tokens.index') ? route('api-tokens.index') : null;
  return (
    <Card as="section" aria-labelledby="blender-addon-title" className={`grid gap-3 p-4 sm:p-5 ${className}`}>
      <h2 id="blender-addon-title" className="font-bold text-gray-900">
        ارسال رندر از داخل Blender
      </h2>
      <p className="text-sm leading-7 text-gray-700">
        با افزونهٔ Blender، صحنهٔ باز را بی‌آنکه از Blender بیرون بیایید بسته‌بندی، بارگذاری، بررسی و ثبت کنید و
        پیشرفت رندرها را همان‌جا ببینید؛ برای Blender نسخهٔ ۳٫۴ و تازه‌تر.
      </p>
      {/* A file, not a page: a plain link the browser downloads. */}
      <a
        href={route('software.blender-addon')}
        download
        className={`${buttonClasses('secondary')} justify-self-start`}
      >
        <Download aria-hidden className="size-4" />
        دریافت افزونهٔ Blender (zip)
      </a>
      <ol className="grid gap-1 ps-5 text-sm leading-7 text-gray-700 [list-style-type:persian]">
        <li>فایل zip را دریافت کنید و از حالت فشرده بیرون نیاورید.</li>
        <li>
          در Blender به <Menu>Edit › Preferences › Add-ons › Install…</Menu> بروید، فایل را انتخاب کنید و
          افزونهٔ <Menu>Render: Render Farm</Menu> را روشن کنید.
        </li>
        <li>
          در تنظیمات همان افزونه، نشانی همین سایت و یک{' '}
          {tokens ? (
            <Link href={tokens} className="font-bold underline">
              توکن API
            </Link>
          ) : (
            'توکن API'
          )}{' '}
          با دسترسی‌های read، create و update را بنویسید و <Menu>Test Connection</Menu> را بزنید.
        </li>
        <li>
          در <Menu>Properties › Render</Menu>، بخش <Menu>Render Farm</Menu>: فضای ذخیره‌سازی و فریم‌ها را انتخاب
          کنید، <Menu>Check and Estimate</Menu> و سپس <Menu>Submit</Menu> را بزنید.
        </li>
      </ol>
    </Card>
  );
}

/** A Blender menu or button name: Latin, isolated from the Persian around it, kept on one line. */
function Menu({ children }: { children: string }) {
  return (
    <Ltr mono={false} className="whitespace-nowrap">
      {children}
    </Ltr>
  );
}
