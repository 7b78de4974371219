import { useForm } from '@renderfarm/react';
import type { DriveRow, PanelDrivesListProps } from '@server/modules/drives/contracts';
import { HardDrive, Link2, Pencil, Plus, Trash2, Unlink } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { linkColumn } from '../../../components/list/columns';
import { Button } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { CancelButton } from '../../../components/ui/CancelButton';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { Modal } from '../../../components/ui/Modal';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { SelectField } from '../../../components/ui/SelectField';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { TextField } from '../../../components/ui/TextField';
import { formatToman } from '../../../lib/money';
import { useRoute } from '../../../lib/route';
import { formatGigabytes, formatSize } from '../../../lib/size';

const fa = new Intl.NumberFormat('fa-IR');

/** An active drive reads «آماده» or «متصل به سرور»; the other states as they are. */
const shownState = (drive: DriveRow) =>
  drive.status === 'active' ? (drive.machine ? 'attached' : 'available') : drive.status;

type Dialog =
  | { kind: 'create' }
  | { kind: 'resize'; drive: DriveRow }
  | { kind: 'delete'; drive: DriveRow }
  | { kind: 'attach'; drive: DriveRow }
  | null;

/**
 * `panel.drives.list` «فضاهای ذخیره‌سازی»: the customer's drives with size, use, location,
 * machine, monthly price and state; a dialog to make one or grow it, delete (the name typed back,
 * detached only), attach to a stopped machine in the same location and detach.
 */
export default function DrivesList(props: PanelDrivesListProps) {
  const { drives, limits, price_per_gb_month } = props;
  const route = useRoute();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const detach = useForm({});

  const columns: Column<DriveRow>[] = [
    linkColumn(
      'name',
      'نام',
      (row) => route('panel.drives.show', { drive: row.uuid }),
      (row) => row.name,
    ),
    {
      key: 'size',
      label: 'اندازه و مصرف',
      render: (row) => <Usage row={row} />,
    },
    {
      key: 'location',
      label: 'دیتاسنتر',
      render: (row) => <span className="whitespace-nowrap">{row.location.name}</span>,
    },
    { key: 'machine', label: 'سرور متصل', render: (row) => row.machine?.name ?? '—' },
    {
      key: 'price',
      label: 'هزینهٔ ماهانه',
      numeric: true,
      render: (row) => <Price rial={row.monthly_price} />,
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="drive" state={shownState(row)} /> },
    {
      key: 'actions',
      label: 'کارها',
      render: (row) =>
        row.status === 'deleted' ? null : (
          <div className="flex flex-nowrap items-center gap-1">
            <Button
              size="sm"
              variant="ghost"
              aria-label={`ویرایش ${row.name}`}
              title="ویرایش نام و اندازه"
              onClick={() => setDialog({ kind: 'resize', drive: row })}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            {row.machine ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={detach.processing}
                onClick={() =>
                  void detach.post(route('panel.drives.detach', { drive: row.uuid }), {
                    preserveScroll: true,
                  })
                }
              >
                <Unlink aria-hidden="true" className="size-4" />
                جدا کن
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                disabled={row.status !== 'active'}
                onClick={() => setDialog({ kind: 'attach', drive: row })}
              >
                <Link2 aria-hidden="true" className="size-4" />
                وصل کن
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`حذف ${row.name}`}
              title="حذف"
              onClick={() => setDialog({ kind: 'delete', drive: row })}
            >
              <Trash2 aria-hidden="true" className="size-4 text-red-600" />
            </Button>
          </div>
        ),
    },
  ];

  return (
    <Screen
      title="فضاهای ذخیره‌سازی"
      description={`فایل‌های صحنه و فریم‌های رندرشده کنار سرورها؛ هر گیگابایت در ماه ${formatToman(price_per_gb_month)}.`}
      actions={
        <Button onClick={() => setDialog({ kind: 'create' })}>
          <Plus aria-hidden="true" className="size-4" />
          فضای تازه
        </Button>
      }
    >
      <p className="mb-3 text-sm text-gray-600">
        {limits.max_drive_gb === null
          ? `اکنون ${formatGigabytes(limits.used_gb)} فضا دارید.`
          : `اکنون ${formatGigabytes(limits.used_gb)} از ${formatGigabytes(limits.max_drive_gb)} فضای مجاز را دارید.`}
      </p>
      <Card className="p-2 sm:p-4">
        <DataTable
          caption="فضاهای ذخیره‌سازی"
          columns={columns}
          rows={drives}
          rowKey={(row) => row.uuid}
          empty={{
            icon: HardDrive,
            title: 'هنوز فضای ذخیره‌سازی ندارید',
            description: 'با «فضای تازه» فضایی در دیتاسنتر سرورتان بسازید و فایل‌های صحنه را در آن بگذارید.',
          }}
        />
      </Card>
      {dialog?.kind === 'create' && <DriveForm props={props} onClose={close} />}
      {dialog?.kind === 'resize' && <DriveForm props={props} drive={dialog.drive} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteDrive drive={dialog.drive} onClose={close} />}
      {dialog?.kind === 'attach' && <AttachDrive drive={dialog.drive} props={props} onClose={close} />}
    </Screen>
  );
}

function Usage({ row }: { row: DriveRow }) {
  const total = row.size_gb * 1024 ** 3;
  const percent = Math.min(100, Math.round((row.used_bytes / total) * 100));
  return (
    <div className="grid min-w-32 gap-1">
      <span className="text-sm">
        {formatSize(row.used_bytes)} از {formatGigabytes(row.size_gb)}
      </span>
      <span
        className="block h-1.5 w-full overflow-hidden rounded-full bg-gray-100"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="مصرف فضا"
      >
        <span className="block h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

/** Make a drive, or rename and grow one (never smaller): the price for a month or the rest of it. */
function DriveForm({
  props,
  drive,
  onClose,
}: {
  props: PanelDrivesListProps;
  drive?: DriveRow;
  onClose: () => void;
}) {
  const route = useRoute();
  const form = useForm({
    name: drive?.name ?? '',
    size_gb: drive ? String(drive.size_gb) : '50',
    location_id: String(drive?.location.id ?? props.locations[0]?.id ?? ''),
  });
  const { field } = formBinders(form);
  const size = Number(form.data.size_gb);
  const valid = Number.isInteger(size) && size > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const options = { preserveScroll: true, onSuccess: onClose };
    if (drive) {
      form.transform((data) => ({ name: data.name, size_gb: data.size_gb }));
      void form.patch(route('panel.drives.update', { drive: drive.uuid }), options);
    } else void form.post(route('panel.drives.store'), options);
  };
  const left =
    props.limits.max_drive_gb === null
      ? null
      : props.limits.max_drive_gb - props.limits.used_gb + (drive?.size_gb ?? 0);
  return (
    <Modal
      open
      onClose={() => !form.processing && onClose()}
      title={drive ? `ویرایش «${drive.name}»` : 'فضای ذخیره‌سازی تازه'}
      description={
        drive
          ? 'اندازه فقط بزرگ‌تر می‌شود؛ بهای گیگابایت‌های افزوده تا پایان دورهٔ ماهانه از کیف پول کم می‌شود.'
          : 'بهای یک ماه همین حالا از کیف پول کم می‌شود و هر ماه تمدید می‌شود.'
      }
    >
      <form id="drive-form" onSubmit={submit} noValidate className="grid gap-4">
        <TextField label="نام فضا" maxLength={60} autoComplete="off" {...field('name')} />
        <TextField
          label="اندازه (گیگابایت)"
          inputMode="numeric"
          digits
          hint={left === null ? undefined : `تا ${fa.format(Math.max(0, left))} گیگابایت مجاز است.`}
          {...field('size_gb')}
        />
        {!drive && (
          <SelectField
            label="دیتاسنتر"
            {...field('location_id')}
            options={props.locations.map((l) => ({ value: l.id, label: l.name }))}
            hint="فضا فقط به سرورهای همین دیتاسنتر وصل می‌شود."
          />
        )}
        <p className="text-sm text-gray-700">
          {valid ? (
            <>
              هزینهٔ ماهانه: <Price rial={size * props.price_per_gb_month} />
            </>
          ) : (
            'اندازه را عددی صحیح و بیشتر از صفر بنویسید.'
          )}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <CancelButton onClick={onClose} disabled={form.processing} />
          <Button type="submit" disabled={form.processing}>
            {drive ? 'ذخیره' : 'ساختن فضا'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteDrive({ drive, onClose }: { drive: DriveRow; onClose: () => void }) {
  const route = useRoute();
  const form = useForm({ confirm_name: '' });
  return (
    <ConfirmDialog
      open
      danger
      title={`حذف «${drive.name}»؟`}
      confirmLabel="بله، با همهٔ فایل‌ها حذف شود"
      typeToConfirm={drive.name}
      busy={form.processing}
      error={form.errors.confirm_name}
      onConfirm={() => {
        form.transform(() => ({ confirm_name: drive.name }));
        void form.delete(route('panel.drives.destroy', { drive: drive.uuid }), {
          preserveScroll: true,
          onSuccess: onClose,
        });
      }}
      onCancel={onClose}
    >
      {drive.machine
        ? `این فضا به «${drive.machine.name}» وصل است؛ نخست آن را جدا کنید.`
        : 'همهٔ فایل‌ها و پوشه‌های این فضا برای همیشه پاک می‌شوند و هزینهٔ ماه جاری برنمی‌گردد. برای تأیید، نام فضا را بنویسید.'}
    </ConfirmDialog>
  );
}

function AttachDrive({
  drive,
  props,
  onClose,
}: {
  drive: DriveRow;
  props: PanelDrivesListProps;
  onClose: () => void;
}) {
  const route = useRoute();
  const here = props.machines.filter((m) => m.location_id === drive.location.id);
  const form = useForm({ instance: here.find((m) => m.stopped)?.uuid ?? here[0]?.uuid ?? '' });
  const { field } = formBinders(form);
  return (
    <Modal
      open
      onClose={() => !form.processing && onClose()}
      title={`وصل‌کردن «${drive.name}» به سرور`}
      description="فضا فقط به سروری در همان دیتاسنتر وصل می‌شود، و سرور باید خاموش باشد."
      footer={
        <>
          <CancelButton onClick={onClose} disabled={form.processing} />
          <Button
            disabled={form.processing || here.length === 0}
            onClick={() =>
              void form.post(route('panel.drives.attach', { drive: drive.uuid }), {
                preserveScroll: true,
                onSuccess: onClose,
              })
            }
          >
            وصل کن
          </Button>
        </>
      }
    >
      {here.length === 0 ? (
        <p className="text-sm text-gray-700">در دیتاسنتر «{drive.location.name}» سروری ندارید.</p>
      ) : (
        <SelectField
          label="سرور"
          {...field('instance')}
          options={here.map((m) => ({ value: m.uuid, label: m.stopped ? m.name : `${m.name} (روشن)` }))}
        />
      )}
    </Modal>
  );
}
