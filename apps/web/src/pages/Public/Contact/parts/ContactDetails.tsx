import type { ContactInfo } from '@server/modules/support/contracts';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/Card';
import { Ltr } from '../../../../components/ui/Ltr';
import { normalizeDigits, toPersianDigits } from '../../../../lib/digits';
import { MapIllustration } from './MapIllustration';

/** Where the office is and how to reach it, under a drawn map; missing settings leave no gap. */
export function ContactDetails({ contact }: { contact: ContactInfo }) {
  return (
    <Card as="section" aria-labelledby="contact-details-title" className="overflow-hidden">
      <MapIllustration />
      <div className="p-5 sm:p-6">
        <h2 id="contact-details-title" className="text-lg font-bold text-gray-900">
          راه‌های ارتباطی
        </h2>
        <ul className="mt-4 space-y-4 text-sm">
          {contact.address && (
            <Item icon={<MapPin className="size-5" />} term="نشانی">
              {toPersianDigits(contact.address)}
            </Item>
          )}
          {contact.phone && (
            <Item icon={<Phone className="size-5" />} term="تلفن پشتیبانی">
              <a
                href={`tel:${normalizeDigits(contact.phone).replace(/[^\d+]/g, '')}`}
                dir="ltr"
                className="font-medium text-gray-900 hover:text-brand-700"
              >
                {toPersianDigits(contact.phone)}
              </a>
            </Item>
          )}
          {contact.email && (
            <Item icon={<Mail className="size-5" />} term="ایمیل">
              <a href={`mailto:${contact.email}`} className="text-gray-900 hover:text-brand-700">
                <Ltr>{contact.email}</Ltr>
              </a>
            </Item>
          )}
          {contact.hours && (
            <Item icon={<Clock className="size-5" />} term="ساعت پاسخگویی">
              {toPersianDigits(contact.hours)}
            </Item>
          )}
        </ul>
      </div>
    </Card>
  );
}

function Item({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-gray-100 text-gray-500"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <span className="block text-gray-500">{term}</span>
        <span className="mt-0.5 block leading-7 text-gray-800">{children}</span>
      </div>
    </li>
  );
}
