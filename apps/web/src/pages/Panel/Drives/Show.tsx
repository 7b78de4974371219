import { router, useForm } from '@renderfarm/react';
import type { DriveFileView, PanelDrivesShowProps } from '@server/modules/drives/contracts';
import { ArrowRight, ChevronLeft, Download, FileText, Folder, FolderPlus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Head, Link } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { EmptyState } from '../../../components/ui/EmptyState';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { TextField } from '../../../components/ui/TextField';
import { useRoute } from '../../../lib/route';
import { formatGigabytes, formatSize } from '../../../lib/size';
import { Uploader } from './parts/Uploader';

/**
 * `panel.drives.show` «فایل‌های فضا»: one folder of a drive (breadcrumb from the root), its folders
 * and files (size, Jalali date, SHA-256), a resumable upload, a new folder and delete; a file
 * opens its download page.
 */
export default function DrivesShow({
  drive,
  path,
  breadcrumb,
  folders,
  files,
  upload_url,
  can_write,
}: PanelDrivesShowProps) {
  const route = useRoute();
  const here = (to: string) =>
    route('panel.drives.show', to ? { drive: drive.uuid, path: to } : { drive: drive.uuid });
  const [deleting, setDeleting] = useState<{ name: string; path: string } | null>(null);
  const empty = folders.length === 0 && files.length === 0;

  return (
    <>
      <Head title={`فایل‌های ${drive.name}`} />
      <PageHeader
        title={drive.name}
        description={`${formatSize(drive.used_bytes)} از ${formatGigabytes(drive.size_gb)} پر شده${
          drive.reserved_bytes > 0
            ? `؛ ${formatSize(drive.reserved_bytes)} برای بارگذاری‌های نیمه‌کاره نگه داشته شده`
            : ''
        }.`}
        actions={
          <ButtonLink href={route('panel.drives.list')} variant="secondary">
            <ArrowRight aria-hidden="true" className="size-4" />
            همهٔ فضاها
          </ButtonLink>
        }
      />
      {drive.status !== 'active' && (
        <div className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <StatusBadge kind="drive" state={drive.status} />
          این فضا تمدید نشده است؛ تا افزایش اعتبار فقط دانلود از آن ممکن است.
        </div>
      )}
      <nav aria-label="مسیر" className="mb-3 text-sm">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link href={here('')} className="text-brand-700 hover:underline">
              {drive.name}
            </Link>
          </li>
          {breadcrumb.map((crumb, i) => (
            <li key={crumb.path} className="flex min-w-0 items-center gap-1">
              <ChevronLeft aria-hidden="true" className="size-4 text-gray-400" />
              {i === breadcrumb.length - 1 ? (
                <span aria-current="page" className="break-all font-medium">
                  {crumb.name}
                </span>
              ) : (
                <Link href={here(crumb.path)} className="break-all text-brand-700 hover:underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>

      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <Card className="min-w-0 p-2 sm:p-4">
          {empty ? (
            <EmptyState
              icon={Folder}
              title="این پوشه خالی است"
              description={can_write ? 'فایلی بارگذاری کنید یا پوشهٔ تازه بسازید.' : 'فایلی در این پوشه نیست.'}
            />
          ) : (
            <ul className="divide-y divide-gray-100" aria-label="پوشه‌ها و فایل‌ها">
              {folders.map((folder) => (
                <li key={folder.path} className="flex items-center gap-3 px-2 py-3">
                  <Folder aria-hidden="true" className="size-5 shrink-0 text-amber-500" />
                  <Link
                    href={here(folder.path)}
                    className="min-w-0 flex-1 break-all font-medium text-brand-700 hover:underline"
                  >
                    {folder.name}
                  </Link>
                  <JalaliTime
                    value={folder.created_at}
                    style="short"
                    className="hidden text-sm text-gray-500 sm:block"
                  />
                  {can_write && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`حذف ${folder.name}`}
                      onClick={() => setDeleting(folder)}
                    >
                      <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                    </Button>
                  )}
                </li>
              ))}
              {files.map((file) => (
                <FileRow
                  key={file.path}
                  file={file}
                  href={route('panel.drives.down', { drive: drive.uuid, path: file.path })}
                  onDelete={can_write ? () => setDeleting(file) : null}
                />
              ))}
            </ul>
          )}
        </Card>
        <div className="grid content-start gap-4">
          {can_write && (
            <Card className="p-4">
              <Uploader endpoint={upload_url} path={path} disabled={!can_write} />
            </Card>
          )}
          {can_write && <NewFolder key={path} uuid={drive.uuid} path={path} />}
        </div>
      </div>

      {deleting && (
        <ConfirmDialog
          open
          danger
          title={`حذف «${deleting.name}»؟`}
          confirmLabel="بله، حذف شود"
          onConfirm={() => {
            router.delete(route('panel.drives.files.destroy', { drive: drive.uuid }), {
              data: { paths: [deleting.path] },
              preserveScroll: true,
              onFinish: () => setDeleting(null),
            });
          }}
          onCancel={() => setDeleting(null)}
        >
          این مورد (و اگر پوشه است، هرچه در آن است) برای همیشه پاک می‌شود.
        </ConfirmDialog>
      )}
    </>
  );
}

function FileRow({
  file,
  href,
  onDelete,
}: {
  file: DriveFileView;
  href: string;
  onDelete: (() => void) | null;
}) {
  return (
    <li className="grid gap-1 px-2 py-3 sm:flex sm:items-center sm:gap-3">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <FileText aria-hidden="true" className="size-5 shrink-0 text-gray-500" />
        <div className="min-w-0">
          <Link href={href} className="break-all font-medium text-brand-700 hover:underline">
            {file.name}
          </Link>
          {file.sha256 && (
            <p className="truncate font-mono text-xs text-gray-500" dir="ltr" title={file.sha256}>
              SHA-256 {file.sha256.slice(0, 16)}…
            </p>
          )}
        </div>
      </div>
      <div className="flex items-center gap-3 ps-8 text-sm text-gray-600 sm:ps-0">
        <span className="tabular-nums">{formatSize(file.size)}</span>
        <JalaliTime value={file.created_at} style="short" />
        <ButtonLink href={href} size="sm" variant="ghost" aria-label={`دانلود ${file.name}`}>
          <Download aria-hidden="true" className="size-4" />
        </ButtonLink>
        {onDelete && (
          <Button size="sm" variant="ghost" aria-label={`حذف ${file.name}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="size-4 text-red-600" />
          </Button>
        )}
      </div>
    </li>
  );
}

function NewFolder({ uuid, path }: { uuid: string; path: string }) {
  const route = useRoute();
  const form = useForm({ path, name: '' });
  const { field } = formBinders(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.drives.folders.store', { drive: uuid }), {
      preserveScroll: true,
      onSuccess: () => form.reset('name'),
    });
  };
  return (
    <Card className="p-4">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <TextField label="پوشهٔ تازه" maxLength={120} autoComplete="off" {...field('name')} />
        <Button type="submit" variant="secondary" disabled={form.processing}>
          <FolderPlus aria-hidden="true" className="size-4" />
          ساختن پوشه
        </Button>
      </form>
    </Card>
  );
}
