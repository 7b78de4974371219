import { useForm } from '@renderfarm/react';
import type { ImageRow } from '@server/modules/catalog/contracts';
import { Layers, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';

import { Badge } from '../../../../components/ui/Badge';
import { Button } from '../../../../components/ui/Button';
import { formBinders } from '../../../../components/ui/bind-field';
import { CancelButton } from '../../../../components/ui/CancelButton';
import { Card } from '../../../../components/ui/Card';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { type Column, DataTable } from '../../../../components/ui/DataTable';
import { Modal } from '../../../../components/ui/Modal';
import { TextField } from '../../../../components/ui/TextField';
import { formatNumber } from '../../../../lib/digits';
import { useRoute } from '../../../../lib/route';

/**
 * The images group of «تنظیمات سایت»: the software images machines are made from, each the
 * template its host's driver clones. Added and changed in a dialog; never deleted (machines point
 * at them), only deactivated, which takes an image off «اجاره سرور جدید».
 */
export function ImagesSection({ images }: { images: ImageRow[] }) {
  const [editing, setEditing] = useState<ImageRow | 'new' | null>(null);
  const columns: Column<ImageRow>[] = [
    {
      key: 'name',
      label: 'تصویر',
      render: (row) => (
        <div>
          <p className="font-medium text-gray-900">{row.name}</p>
          <p className="text-xs text-gray-500">{row.os}</p>
        </div>
      ),
    },
    { key: 'software', label: 'نرم‌افزارها', render: (row) => <bdi>{row.software.join('، ') || '—'}</bdi> },
    {
      key: 'driver_ref',
      label: 'قالب',
      render: (row) => (
        <bdi dir="ltr" className="font-mono text-xs">
          {row.driver_ref}
        </bdi>
      ),
    },
    {
      key: 'use',
      label: 'استفاده',
      render: (row) => `${formatNumber(row.machines)} سرور، ${formatNumber(row.plans)} پلن`,
    },
    {
      key: 'status',
      label: 'وضعیت',
      render: (row) =>
        row.is_active ? <Badge tone="green">فعال</Badge> : <Badge tone="gray">غیرفعال</Badge>,
    },
    {
      key: 'actions',
      label: 'کارها',
      render: (row) => (
        <Button size="sm" variant="ghost" onClick={() => setEditing(row)} aria-label={`ویرایش ${row.name}`}>
          ویرایش
        </Button>
      ),
    },
  ];
  return (
    <Card className="p-2 sm:p-4">
      <section id="images" aria-labelledby="images-title">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2 px-2">
          <div>
            <h2 id="images-title" className="font-bold text-gray-900">
              تصاویر نرم‌افزاری
            </h2>
            <p className="text-sm text-gray-600">سیستم‌عامل و نرم‌افزارهایی که سرور با آن‌ها ساخته می‌شود.</p>
          </div>
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            تصویر جدید
          </Button>
        </div>
        <DataTable
          caption="تصاویر نرم‌افزاری"
          columns={columns}
          rows={images}
          rowKey={(row) => String(row.id)}
          empty={{ icon: Layers, title: 'هنوز تصویری تعریف نشده است' }}
        />
      </section>
      {editing && (
        <ImageDialog
          key={editing === 'new' ? 'new' : editing.id}
          image={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

function ImageDialog({ image, onClose }: { image: ImageRow | null; onClose: () => void }) {
  const route = useRoute();
  const form = useForm({
    name: image?.name ?? '',
    os: image?.os ?? 'Windows Server 2022',
    software: image?.software.join('، ') ?? '',
    driver_ref: image?.driver_ref ?? '',
    sort: String(image?.sort ?? 0),
    is_active: image?.is_active ?? true,
  });
  const { field, checkbox } = formBinders(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const options = { preserveScroll: true, onSuccess: onClose };
    if (image) void form.put(route('admin.images.update', { image: image.id }), options);
    else void form.post(route('admin.images.store'), options);
  };
  return (
    <Modal open onClose={onClose} title={image ? `ویرایش «${image.name}»` : 'تصویر نرم‌افزاری جدید'}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField label="نام تصویر" maxLength={80} {...field('name')} />
        <TextField label="سیستم‌عامل" ltr maxLength={80} {...field('os')} />
        <TextField
          label="نرم‌افزارها"
          hint="با ویرگول جدا کنید؛ مثل 3ds Max 2025، V-Ray 6"
          {...field('software')}
        />
        <TextField
          label="شناسهٔ قالب"
          hint="نام یا شمارهٔ قالبی که درایور میزبان از آن کپی می‌گیرد (در Proxmox، شمارهٔ VM قالب یا نامش)."
          ltr
          maxLength={100}
          {...field('driver_ref')}
        />
        <TextField label="ترتیب نمایش" inputMode="numeric" digits {...field('sort')} />
        <Checkbox label="فعال؛ در اجارهٔ سرور جدید پیشنهاد شود" {...checkbox('is_active')} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={form.processing}>
            {image ? 'ذخیرهٔ تصویر' : 'افزودن تصویر'}
          </Button>
          <CancelButton onClick={onClose} />
        </div>
      </form>
    </Modal>
  );
}
