import type { InvoiceDocument, InvoiceLine } from '@server/modules/billing/invoices/contracts';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

/*
 * Printing shows only the invoice: everything else on the page (layout, menus, dialogs) is hidden,
 * and the invoice, hidden on screen, is the one thing on the paper.
 */
const PRINT_CSS = `
@media screen { [data-invoice-print] { display: none; } }
@media print {
  @page { size: A4; margin: 14mm; }
  body { background: #fff; }
  body > :not([data-invoice-print]) { display: none !important; }
  [data-invoice-print] { display: block; }
}`;

/**
 * The printable invoice: the same `InvoiceDocument` (billing/invoice-document.ts) the PDF is drawn
 * from, so the paper and the PDF say exactly the same. Rendered at the end of <body> and shown only
 * when printing (`window.print()`); `preview` shows it on screen too.
 */
export function InvoicePrint({
  document: doc,
  preview = false,
}: {
  document: InvoiceDocument;
  preview?: boolean;
}) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (preview) return;
    const element = window.document.createElement('div');
    element.setAttribute('data-invoice-print', '');
    element.setAttribute('dir', 'rtl');
    window.document.body.append(element);
    setHost(element);
    return () => element.remove();
  }, [preview]);
  const sheet = <InvoiceSheet document={doc} />;
  if (preview) return sheet;
  return host
    ? createPortal(
        <>
          <style>{PRINT_CSS}</style>
          {sheet}
        </>,
        host,
      )
    : null;
}

function Lines({ lines, className = '' }: { lines: InvoiceLine[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 ${className}`}>
      {lines.map((line) => (
        <div key={`${line.label}-${line.value}`} className="contents">
          <dt className="text-gray-600">{line.label}:</dt>
          <dd className="text-gray-900">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The sheet itself: header, seller and buyer, lines, totals and the footer, black on white. */
export function InvoiceSheet({ document: doc }: { document: InvoiceDocument }) {
  const numeric = (index: number) => index >= 2;
  return (
    <article
      aria-label={`${doc.title} ${doc.numberLabel}`}
      className="bg-white p-2 text-sm leading-7 text-gray-900"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-gray-900 pb-3">
        <div>
          <p className="text-lg font-bold">{doc.siteName}</p>
          <Lines lines={doc.seller} className="mt-1 text-xs" />
        </div>
        <div className="text-end">
          <h2 className="text-xl font-bold">{doc.title}</h2>
          <p className="font-medium">{doc.numberLabel}</p>
        </div>
      </header>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label="مشخصات صورت‌حساب">
          <Lines lines={doc.details} />
        </section>
        <section aria-label="خریدار">
          <h3 className="mb-1 font-bold">خریدار</h3>
          {doc.buyer.length > 0 ? <Lines lines={doc.buyer} /> : <p className="text-gray-600">—</p>}
        </section>
      </div>
      <table className="mt-5 w-full border-collapse text-sm">
        <thead>
          <tr className="bg-gray-100">
            {doc.columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`border border-gray-400 px-2 py-1.5 font-bold ${numeric(index) ? 'text-end' : 'text-start'}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {doc.rows.map((row) => (
            // The first cell is the line's number, unique on the invoice.
            <tr key={row[0]}>
              {row.map((cell, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, in the order of the columns
                  key={index}
                  className={`border border-gray-400 px-2 py-1.5 ${numeric(index) ? 'text-end tabular-nums' : ''}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ms-auto mt-3 grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {doc.totals.map((line, index) => (
          <div key={line.label} className={`contents ${index === doc.totals.length - 1 ? 'font-bold' : ''}`}>
            <dt>{line.label}</dt>
            <dd className="text-end tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 border-t border-gray-300 pt-3 text-xs text-gray-600">{doc.footer}</p>
    </article>
  );
}
