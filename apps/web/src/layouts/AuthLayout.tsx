import type { ReactNode } from 'react';
import { Link, usePage } from '../app/protocol';
import { BackArrow } from '../components/ui/DirectionalIcon';
import { toPersianDigits } from '../lib/digits';
import { FlashMessages } from './parts/FlashMessages';
import { Logo } from './parts/Logo';
import { SkipLink } from './parts/SkipLink';

/** Sign-in and sign-up: one centred card and nothing to distract from it. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  const phone = usePage().props.settings?.support_phone;
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gray-50 px-4 py-10">
      <SkipLink />
      <header className="mb-6">
        <Logo />
      </header>
      <main id="main" className="w-full max-w-md">
        <FlashMessages className="mb-4" />
        <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
      <footer className="mt-6 flex flex-col items-center gap-2 text-sm text-gray-600">
        <Link href="/" className="inline-flex items-center gap-1.5 rounded hover:text-gray-900">
          <BackArrow className="size-4" />
          بازگشت به صفحه اصلی
        </Link>
        {phone && (
          <p>
            مشکلی در ورود دارید؟ تماس با پشتیبانی: <span dir="ltr">{toPersianDigits(phone)}</span>
          </p>
        )}
      </footer>
    </div>
  );
}
