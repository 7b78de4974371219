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
  @page { size: A4 landscape; margin: 10mm; }
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

/** A field's value: a code reads left to right in its own isolate, with Latin digits. */
function Value({ line }: { line: InvoiceLine }) {
  return line.ltr ? (
    <bdi dir="ltr" className="font-medium">
      {line.value}
    </bdi>
  ) : (
    <span className="font-medium">{line.value}</span>
  );
}

const SLOTS = 5;
const SPAN_CLASS = ['', 'col-span-1', 'col-span-2', 'col-span-3', 'col-span-4', 'col-span-5'];

/** How many of a party box's five slots a field takes (as in the PDF): the name two, the address three. */
function span(line: InvoiceLine): number {
  if (line.label === 'فروشنده' || line.label === 'خریدار') return 2;
  if (line.label === 'نشانی') return 3;
  return 1;
}

/** Each field with its span, in rows of five slots; a row's last field takes what the row leaves. */
function layout(lines: InvoiceLine[]): { line: InvoiceLine; slots: number }[] {
  const rows: { line: InvoiceLine; slots: number }[][] = [];
  let used = SLOTS;
  for (const line of lines) {
    if (used + span(line) > SLOTS) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1]?.push({ line, slots: span(line) });
    used += span(line);
  }
  return rows.flatMap((row) => {
    const last = row[row.length - 1];
    if (last) last.slots += SLOTS - row.reduce((total, cell) => total + cell.slots, 0);
    return row;
  });
}

/** The form's seller or buyer box: its title on the right, the fields in rows of five slots. */
function PartyBox({ title, lines }: { title: string; lines: InvoiceLine[] }) {
  return (
    <section aria-label={title} className="mt-2 flex border border-gray-400">
      <h3 className="flex w-24 shrink-0 items-center justify-center border-e border-gray-400 bg-gray-100 p-2 text-center font-bold">
        {title}
      </h3>
      {lines.length > 0 ? (
        <dl className="grid flex-1 grid-cols-5">
          {layout(lines).map(({ line, slots }) => (
            <div
              key={line.label}
              className={`border-b border-e border-gray-300 px-2 py-1 ${SPAN_CLASS[slots]}`}
            >
              <dt className="inline text-gray-600">{line.label}: </dt>
              <dd className="inline">
                <Value line={line} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="flex-1 px-2 py-1 text-gray-600">مشخصات خریدار ثبت نشده است.</p>
      )}
    </section>
  );
}

/**
 * The sheet itself, laid out as the PDF (invoice-pdf.ts) and the official «صورتحساب فروش کالا و
 * خدمات»: header, seller and buyer boxes, the lines with the form's columns, the «جمع کل» row,
 * totals, the boxes for stamps and signatures, and the footer; black on white.
 */
export function InvoiceSheet({ document: doc }: { document: InvoiceDocument }) {
  const numeric = (index: number) => doc.numericColumns.includes(index);
  const ltr = (index: number) => doc.ltrColumns.includes(index);
  return (
    <article
      aria-label={`${doc.title} ${doc.numberLabel}`}
      className="bg-white p-2 text-[11px] leading-6 text-gray-900"
    >
      <header className="grid grid-cols-3 items-center gap-4">
        <p className="text-base font-bold">{doc.siteName}</p>
        <h2 className="text-center text-lg font-bold">{doc.formTitle}</h2>
        <div className="justify-self-end border border-gray-400 px-3 py-1">
          <p className="font-bold">{doc.numberLabel}</p>
          <p>تاریخ: {doc.dateLabel}</p>
        </div>
      </header>
      <PartyBox title="مشخصات فروشنده" lines={doc.seller} />
      <PartyBox title="مشخصات خریدار" lines={doc.buyer} />
      <h3 className="mt-2 border border-b-0 border-gray-400 bg-gray-100 px-2 py-0.5 font-bold">
        مشخصات کالا یا خدمات مورد معامله
      </h3>
      <table className="w-full border-collapse">
        <thead>
          <tr className="bg-gray-100">
            {doc.columns.map((column) => (
              <th key={column} scope="col" className="border border-gray-400 px-1 py-1 text-center font-bold">
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
                  dir={ltr(index) ? 'ltr' : undefined}
                  className={`border border-gray-400 px-1 py-1 ${numeric(index) || ltr(index) ? 'text-center tabular-nums' : ''}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="bg-gray-100 font-bold">
            <th scope="row" colSpan={doc.sums.from} className="border border-gray-400 px-2 py-1 text-end">
              {doc.sums.label}
            </th>
            {doc.sums.values.map((value, index) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: sums are positional, under their columns
                key={index}
                className="border border-gray-400 px-1 py-1 text-center tabular-nums"
              >
                {value}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
      <div className="mt-2 grid grid-cols-[1fr_20rem] gap-2">
        <p className="border border-gray-400 px-2 py-1">
          {doc.details.map((line) => `${line.label}: ${line.value}`).join('   ·   ')}
        </p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 border border-gray-400 px-2 py-1">
          {doc.totals.map((line, index) => (
            <div key={line.label} className={`contents ${index >= doc.totals.length - 2 ? 'font-bold' : ''}`}>
              <dt>{line.label}</dt>
              <dd className="text-end tabular-nums">{line.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {doc.signatures.map((title) => (
          <div key={title} className="h-20 border border-gray-400 p-1 text-center font-bold">
            {title}
          </div>
        ))}
      </div>
      <p className="mt-3 border-t border-gray-300 pt-2 text-center text-[10px] text-gray-600">{doc.footer}</p>
    </article>
  );
}
