import type { SoftwareImage } from '@server/modules/catalog/contracts';
import { AppWindow, Boxes } from 'lucide-react';
import { Card } from '../../../../components/ui/Card';
import { ItemList } from '../../../../components/ui/ItemList';

const OS_NAMES: Record<string, string> = { windows: 'ویندوز', linux: 'لینوکس' };

/** Machine images and the render software installed on them. */
export function SoftwareList({ images }: { images: SoftwareImage[] }) {
  return (
    <ItemList
      items={images}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      empty={{
        icon: Boxes,
        title: 'فهرست نرم‌افزارها به‌زودی اینجا می‌آید',
        description:
          'اگر نرم‌افزار خاصی برای رندر لازم دارید، از صفحه پشتیبانی بپرسید تا نصب‌بودنش را بررسی کنیم.',
        roomy: true,
      }}
    >
      {(image) => (
        <Card as="li" key={image.name} className="p-5">
          <h3 className="flex items-center gap-2 font-semibold text-gray-900">
            <AppWindow aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
            {image.name}
          </h3>
          <p className="mt-1 text-xs text-gray-500">
            سیستم‌عامل: <bdi>{OS_NAMES[image.os.toLowerCase()] ?? image.os}</bdi>
          </p>
          {image.software.length > 0 ? (
            <ul aria-label={`نرم‌افزارهای ${image.name}`} className="mt-4 flex flex-wrap gap-2">
              {image.software.map((name) => (
                <li
                  key={name}
                  dir="ltr"
                  className="rounded-md bg-gray-100 px-2 py-1 text-xs font-medium text-gray-700"
                >
                  {name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-gray-500">سیستم‌عامل خام، برای نصب نرم‌افزارهای خودتان.</p>
          )}
        </Card>
      )}
    </ItemList>
  );
}
