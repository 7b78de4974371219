import type { SceneFindings as Findings } from '@server/modules/render/contracts';
import { TriangleAlert } from 'lucide-react';
import { formatNumber } from '../../lib/digits';
import { type Fact, FactList } from '../ui/FactList';
import { Ltr } from '../ui/Ltr';
import { FORMAT_LABELS, secondsText } from './words';

const ENGINES: Record<string, string> = {
  CYCLES: 'Cycles',
  BLENDER_EEVEE: 'EEVEE',
  BLENDER_EEVEE_NEXT: 'EEVEE',
  BLENDER_WORKBENCH: 'Workbench',
};

const MISSING_KINDS: Record<string, string> = {
  image: 'تصویر',
  library: 'کتابخانهٔ پیوندی',
  cache: 'کش',
  alembic: 'کش Alembic',
  usd: 'کش USD',
  volume: 'حجم (VDB)',
  sound: 'صدا',
  movieclip: 'فیلم',
  font: 'قلم',
};

/**
 * What the scene check found, as a node reported it: Blender's version, engine, frames,
 * resolution, cameras, output, samples, denoiser, the files the scene needs and could not find,
 * and how long the sample frame took. A field the node could not read is left out.
 */
export function SceneFindings({ findings }: { findings: Findings }) {
  const f = findings;
  const facts: Fact[] = [];
  if (f.blender_version) facts.push(['نسخهٔ Blender', <Ltr key="v">{f.blender_version}</Ltr>]);
  if (f.engine)
    facts.push([
      'موتور رندر',
      <Ltr key="e" mono={false}>
        {ENGINES[f.engine] ?? f.engine}
      </Ltr>,
    ]);
  if (typeof f.frame_start === 'number' && typeof f.frame_end === 'number') {
    const step = f.frame_step && f.frame_step > 1 ? `، گام ${formatNumber(f.frame_step)}` : '';
    facts.push(['بازهٔ فریم‌ها', `${formatNumber(f.frame_start)} تا ${formatNumber(f.frame_end)}${step}`]);
  }
  if (f.resolution_x && f.resolution_y) {
    const percent = f.resolution_percentage ?? 100;
    facts.push([
      'وضوح',
      <span key="r">
        <Ltr>
          {f.resolution_x}×{f.resolution_y}
        </Ltr>{' '}
        در {formatNumber(percent)}٪
      </span>,
    ]);
  }
  if (f.cameras) {
    facts.push([
      'دوربین‌ها',
      f.cameras.length === 0 ? (
        <span key="c" className="text-red-700">
          دوربینی در صحنه نیست
        </span>
      ) : (
        <span key="c">
          {f.cameras.map((camera, i) => (
            <span key={camera}>
              {i > 0 && '، '}
              <Ltr mono={false}>{camera}</Ltr>
              {camera === f.active_camera && ' (فعال)'}
            </span>
          ))}
        </span>
      ),
    ]);
  }
  if (f.output_format)
    facts.push([
      'قالب خروجی صحنه',
      <Ltr key="o" mono={false}>
        {FORMAT_LABELS[f.output_format] ?? f.output_format}
      </Ltr>,
    ]);
  if (f.samples !== undefined)
    facts.push(['نمونه‌های صحنه', f.samples === null ? '—' : formatNumber(f.samples)]);
  if (f.denoise) {
    facts.push([
      'حذف نویز',
      !f.denoise.enabled
        ? 'خاموش'
        : f.denoise.available
          ? `روشن${f.denoise.kind ? ` (${f.denoise.kind})` : ''}`
          : 'روشن، ولی Blender نودهای ما حذف نویز ندارد؛ فریم‌ها بدون آن رندر می‌شوند',
    ]);
  }
  if (typeof f.sample_seconds === 'number') {
    facts.push([
      'زمان فریم نمونه',
      `${secondsText(f.sample_seconds)}${typeof f.sample_frame === 'number' ? ` (فریم ${formatNumber(f.sample_frame)})` : ''}`,
    ]);
  }
  const missing = f.missing_files ?? [];
  return (
    <div className="grid gap-4">
      <FactList facts={facts} />
      {f.sample_error && (
        <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          فریم نمونه رندر نشد؛ برآورد هزینه از زمان کل بررسی است.
        </p>
      )}
      {missing.length > 0 ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">
            {formatNumber(missing.length)} فایل که صحنه لازم دارد پیدا نشد؛ پیش از رندر، آن‌ها را در صحنه
            بسته‌بندی (Pack) کنید یا کنار فایل صحنه بارگذاری کنید:
          </p>
          <ul className="mt-2 grid gap-1">
            {missing.map((file) => (
              <li key={`${file.type}:${file.path}`} className="flex flex-wrap gap-x-2">
                <span className="text-red-700">{MISSING_KINDS[file.type] ?? file.type}:</span>
                <Ltr className="break-all">{file.path || file.name}</Ltr>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        f.missing_files && <p className="text-sm text-green-800">همهٔ فایل‌هایی که صحنه لازم دارد پیدا شد.</p>
      )}
    </div>
  );
}
