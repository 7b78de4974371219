import type { SupportProps } from '@server/modules/content/contracts';
import { Clock, LifeBuoy, Phone, SearchX } from 'lucide-react';
import { Head, Link, usePage } from '../../app/protocol';
import { articleHref, DocsTree } from '../../components/content/DocsTree';
import { PageIntro } from '../../components/content/PageIntro';
import { Prose } from '../../components/content/Prose';
import { SearchBox } from '../../components/content/SearchBox';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Container } from '../../components/ui/Container';
import { EmptyState } from '../../components/ui/EmptyState';
import { toPersianDigits } from '../../lib/digits';

/** `support` (GET /support): search the docs, read the FAQ, or reach a person. */
export default function Support({ page, q, results, tree, contact }: SupportProps) {
  const signedIn = Boolean(usePage().props.auth?.user);
  return (
    <>
      <Head title={page.seo.title || page.title} />
      <Container className="pb-16 pt-10 sm:pt-14">
        <PageIntro title={page.title} lead="پاسخ پرسش‌تان را در راهنماها جستجو کنید، یا با ما تماس بگیرید." />
        <div className="mt-6">
          <SearchBox action="/support" value={q} label="جستجو در راهنماها" placeholder="مثلاً ریموت دسکتاپ" />
        </div>
        {q && (
          <section aria-labelledby="results-title" className="mt-8">
            <h2 id="results-title" className="mb-3 text-lg font-bold text-gray-900">
              نتیجه‌های «<bdi>{q}</bdi>»
            </h2>
            {results.length > 0 ? (
              <ul className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
                {results.map((r) => (
                  <li key={`${r.folder}/${r.slug}`} className="p-4">
                    <Link
                      href={articleHref(r.folder, r.slug)}
                      className="font-semibold text-gray-900 hover:text-brand-700"
                    >
                      {r.title}
                    </Link>
                    {r.excerpt && <p className="mt-1 text-sm leading-7 text-gray-600">{r.excerpt}</p>}
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState
                icon={SearchX}
                title="راهنمایی با این عبارت پیدا نشد"
                description="عبارت کوتاه‌تری را امتحان کنید یا پرسش‌تان را در تیکت بنویسید."
              />
            )}
          </section>
        )}
        <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">
            <Prose html={page.body} />
            <h2 className="mb-3 mt-10 text-xl font-bold text-gray-900">راهنماها</h2>
            <DocsTree tree={tree} />
          </div>
          <Card as="section" className="h-fit space-y-4 p-5">
            <h2 className="flex items-center gap-2 font-semibold text-gray-900">
              <LifeBuoy aria-hidden="true" className="size-5 text-brand-600" />
              گفتگو با پشتیبانی
            </h2>
            {contact.phone && (
              <p className="flex items-center gap-2 text-sm text-gray-700">
                <Phone aria-hidden="true" className="size-4 text-gray-500" />
                <a
                  href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
                  dir="ltr"
                  className="hover:text-brand-700"
                >
                  {toPersianDigits(contact.phone)}
                </a>
              </p>
            )}
            {contact.hours && (
              <p className="flex items-center gap-2 text-sm text-gray-700">
                <Clock aria-hidden="true" className="size-4 text-gray-500" />
                {contact.hours}
              </p>
            )}
            <ButtonLink href={signedIn ? '/panel/tickets/create' : '/auth/signin'} className="w-full">
              {signedIn ? 'ثبت تیکت' : 'ورود و ثبت تیکت'}
            </ButtonLink>
            <ButtonLink href="/contact" variant="secondary" className="w-full">
              فرم تماس
            </ButtonLink>
          </Card>
        </div>
      </Container>
    </>
  );
}
