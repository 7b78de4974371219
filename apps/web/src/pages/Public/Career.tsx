import type { CareerProps } from '@server/modules/content/contracts';
import { Mail } from 'lucide-react';
import { StaticPage } from '../../components/content/StaticPage';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

/** `career` (GET /career): openings from the static page «career», and how to apply. */
export default function Career({ page }: CareerProps) {
  return (
    <StaticPage
      page={page}
      aside={
        <Card as="section" className="h-fit p-5">
          <h2 className="flex items-center gap-2 font-semibold text-gray-900">
            <Mail aria-hidden="true" className="size-5 text-brand-600" />
            درخواست همکاری
          </h2>
          <p className="mt-2 text-sm leading-7 text-gray-600">
            عنوان شغل، خلاصه‌ای از سوابق و راه تماس خود را از فرم تماس برای ما بفرستید؛ همکاران منابع انسانی
            پاسخ می‌دهند.
          </p>
          <ButtonLink href="/contact" variant="secondary" className="mt-4 w-full">
            فرم تماس
          </ButtonLink>
        </Card>
      }
    />
  );
}
