import { Phone } from 'lucide-react';
import { usePage } from '../../app/protocol';
import { SITE_NAME } from '../../app/title';
import { Container } from '../../components/ui/Container';
import { SiteLink } from '../../components/ui/SiteLink';
import { normalizeDigits, toPersianDigits } from '../../lib/digits';
import { formatJalali } from '../../lib/jalali-date';
import { DEFAULT_FOOTER_LINKS, orDefault } from './default-menus';
import { Logo } from './Logo';

/** The public footer: what the service is, the admin's footer menu and links, and the phone. */
export function SiteFooter() {
  const { menus, links, settings } = usePage().props;
  const siteName = settings?.site_name || SITE_NAME;
  const columns = (menus?.footer ?? []).filter((item) => item.children?.length);
  const loose = (menus?.footer ?? []).filter((item) => !item.children?.length);
  const footerLinks = orDefault([...loose, ...(links?.footer ?? [])], DEFAULT_FOOTER_LINKS);
  const phone = settings?.support_phone;

  return (
    <footer className="mt-16 border-t border-gray-200 bg-white">
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-12 md:grid-cols-[2fr_repeat(3,1fr)]">
        <div className="col-span-2 space-y-4 md:col-span-1">
          <Logo />
          <p className="max-w-sm text-sm leading-7 text-gray-600">
            سرورهای گرافیکی قدرتمند برای رندر، ساعتی و بدون خرید سخت‌افزار. هر وقت لازم داشتید روشن کنید و فقط
            به اندازه استفاده بپردازید.
          </p>
          {phone && (
            <p className="flex items-center gap-2 text-sm text-gray-700">
              <Phone aria-hidden="true" className="size-4 text-gray-500" />
              <span>پشتیبانی:</span>
              <a
                href={`tel:${normalizeDigits(phone).replace(/[^\d+]/g, '')}`}
                dir="ltr"
                className="font-medium"
              >
                {toPersianDigits(phone)}
              </a>
            </p>
          )}
        </div>
        {columns.map((column) => (
          <FooterColumn key={column.label} title={column.label} items={column.children ?? []} />
        ))}
        <FooterColumn title="دسترسی سریع" items={footerLinks} />
        {links?.social?.length ? <FooterColumn title="ما را دنبال کنید" items={links.social} /> : null}
      </Container>
      <div className="border-t border-gray-100">
        <Container className="py-5 text-center text-xs text-gray-500">
          © {formatJalali(new Date(), 'year')} {siteName}. تمامی حقوق محفوظ است.
        </Container>
      </div>
    </footer>
  );
}

function FooterColumn({ title, items }: { title: string; items: { label: string; url: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-gray-900">{title}</h2>
      <ul className="mt-2">
        {items.map((item) => (
          <li key={`${item.label}${item.url}`}>
            <SiteLink
              href={item.url}
              // 40 px tall: a thumb hits it at phone width.
              className="inline-flex min-h-10 items-center text-sm text-gray-600 hover:text-gray-900"
            >
              {item.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
