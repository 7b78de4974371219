import { router } from '@renderfarm/react';
import type { PanelDrivesDownProps } from '@server/modules/drives/contracts';
import { ArrowRight, Download, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { CopyButton } from '../../../components/ui/CopyButton';
import { FactList } from '../../../components/ui/FactList';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { useNow } from '../../../hooks/use-now';
import { useRoute } from '../../../lib/route';
import { formatSize } from '../../../lib/size';

/**
 * `panel.drives.down` «دانلود فایل»: the file's name, size and SHA-256, and a signed link valid
 * for 10 minutes that starts by itself (a download manager may take it and resume); «پیوند تازه»
 * asks for a new one when it has run out.
 */
export default function DrivesDown({ drive, file, download_url, expires_at }: PanelDrivesDownProps) {
  const route = useRoute();
  const now = useNow(15_000);
  const started = useRef<string | null>(null);
  // Judged by the browser's clock once hydrated (the server's answer said the link was live).
  const expired = now !== null && new Date(expires_at).getTime() <= now;

  // Start the download once per link, as a navigation the browser turns into a save (attachment).
  useEffect(() => {
    if (started.current === download_url) return;
    started.current = download_url;
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.src = download_url;
    document.body.append(frame);
    return () => frame.remove();
  }, [download_url]);

  const folder = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '';
  const back = route(
    'panel.drives.show',
    folder ? { drive: drive.uuid, path: folder } : { drive: drive.uuid },
  );
  const absolute =
    typeof window === 'undefined' ? download_url : new URL(download_url, window.location.href).toString();

  return (
    <>
      <Head title={`دانلود ${file.name}`} />
      <PageHeader
        title="دانلود فایل"
        description={drive.name}
        actions={
          <ButtonLink href={back} variant="secondary">
            <ArrowRight aria-hidden="true" className="size-4" />
            بازگشت به پوشه
          </ButtonLink>
        }
      />
      <Card className="grid gap-5 p-4 sm:p-6">
        <FactList
          facts={[
            [
              'نام',
              <span key="name" className="break-all">
                {file.name}
              </span>,
            ],
            ['اندازه', formatSize(file.size)],
            ['تاریخ', <JalaliTime key="date" value={file.created_at} />],
            [
              'SHA-256',
              <span key="sha" dir="ltr" className="block break-all font-mono text-xs">
                {file.sha256 ?? '—'}
              </span>,
            ],
            [
              'اعتبار پیوند',
              expired ? (
                'منقضی شده'
              ) : (
                <>
                  تا <JalaliTime value={expires_at} style="time" />
                </>
              ),
            ],
          ]}
        />
        <p className="text-sm leading-7 text-gray-600">
          دانلود خودبه‌خود شروع می‌شود. پیوند ۱۰ دقیقه کار می‌کند و بدون ورود هم باز می‌شود، پس برنامه‌های مدیریت
          دانلود می‌توانند آن را ادامه دهند؛ آن را به کسی ندهید.
        </p>
        <div className="flex flex-wrap gap-2">
          {expired ? (
            <Button onClick={() => router.reload({ only: ['download_url', 'expires_at'] })}>
              <RefreshCw aria-hidden="true" className="size-4" />
              پیوند تازه
            </Button>
          ) : (
            <>
              <a
                href={download_url}
                className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 font-medium text-white hover:bg-brand-700"
                data-testid="download-link"
              >
                <Download aria-hidden="true" className="size-4" />
                دانلود دوباره
              </a>
              <CopyButton value={absolute} label="کپی پیوند" />
              <Button variant="ghost" onClick={() => router.reload({ only: ['download_url', 'expires_at'] })}>
                <RefreshCw aria-hidden="true" className="size-4" />
                پیوند تازه
              </Button>
            </>
          )}
        </div>
      </Card>
    </>
  );
}
