import type { KycDocumentView } from '@server/modules/verification/contracts';
import { FileText, RotateCcw, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { formatNumber } from '../../lib/digits';
import { formatSize } from '../../lib/size';
import { Button, buttonClasses } from '../ui/Button';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

/**
 * The papers of a request, one at a time: tabs by kind, the image zoomed and rotated in place
 * (a photo of a card is often sideways), a PDF as a download. Every open is logged by the server.
 */
export function DocumentViewer({ documents }: { documents: KycDocumentView[] }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(2);
  const [turns, setTurns] = useState(0);
  const doc = documents[index];
  if (!doc) return <p className="text-sm text-gray-600">مدرکی فرستاده نشده است.</p>;
  const choose = (i: number) => {
    setIndex(i);
    setZoom(2);
    setTurns(0);
  };
  const scale = ZOOMS[zoom]!;

  return (
    <div className="min-w-0">
      <div role="tablist" aria-label="مدارک" className="mb-3 flex flex-wrap gap-2">
        {documents.map((d, i) => (
          <button
            key={d.uuid}
            type="button"
            role="tab"
            aria-selected={i === index}
            onClick={() => choose(i)}
            className={`min-h-10 rounded-lg px-3 text-sm ${
              i === index ? 'bg-brand-600 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200'
            }`}
          >
            {d.label}
          </button>
        ))}
      </div>
      {doc.is_image ? (
        <>
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
              disabled={zoom === 0}
              aria-label="کوچک‌نمایی"
            >
              <ZoomOut aria-hidden="true" className="size-4" />
            </Button>
            <span className="min-w-14 text-center text-sm text-gray-700" aria-live="polite">
              {formatNumber(Math.round(scale * 100))}٪
            </span>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
              disabled={zoom === ZOOMS.length - 1}
              aria-label="بزرگ‌نمایی"
            >
              <ZoomIn aria-hidden="true" className="size-4" />
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setTurns((t) => t + 1)}
              aria-label="چرخش ساعت‌گرد"
            >
              <RotateCw aria-hidden="true" className="size-4" />
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setTurns((t) => t - 1)}
              aria-label="چرخش پادساعت‌گرد"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
            </Button>
            <span className="text-xs text-gray-500">{formatSize(doc.size)}</span>
          </div>
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: zoomed in, the image scrolls; axe asks that the keyboard can scroll it too.
            tabIndex={0}
            role="region"
            aria-label={`${doc.label} (${formatNumber(Math.round(scale * 100))}٪)`}
            className="h-80 overflow-auto rounded-xl bg-gray-900 p-2 sm:h-[28rem]"
          >
            <img
              key={doc.uuid}
              src={doc.url}
              alt={doc.label}
              data-rotation={((turns % 4) + 4) % 4}
              style={{ width: `${scale * 100}%`, transform: `rotate(${turns * 90}deg)` }}
              className="mx-auto block max-w-none transition-transform"
            />
          </div>
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-gray-200 p-6 text-center">
          <FileText aria-hidden="true" className="size-10 text-gray-400" />
          <p className="text-sm text-gray-700">
            {doc.label} (PDF، {formatSize(doc.size)})
          </p>
          <a href={doc.url} className={buttonClasses('secondary', 'sm')}>
            دریافت فایل
          </a>
        </div>
      )}
    </div>
  );
}
