import type { SoftwarePageProps } from '@server/modules/content/contracts';
import { StaticPage } from '../../components/content/StaticPage';
import { BlenderAddonCard } from '../../components/render/BlenderAddonCard';
import { SoftwareList } from './Home/parts/SoftwareList';

/** `software` (GET /software): the images and the software installed on each, and the Blender add-on. */
export default function Software({ page, software }: SoftwarePageProps) {
  return (
    <StaticPage page={page}>
      <section aria-labelledby="images-title" className="mt-10">
        <h2 id="images-title" className="mb-4 text-xl font-bold text-gray-900">
          ایمیج‌ها و نرم‌افزارهای نصب‌شده
        </h2>
        <SoftwareList images={software} />
      </section>
      <BlenderAddonCard className="mt-10" />
    </StaticPage>
  );
}
