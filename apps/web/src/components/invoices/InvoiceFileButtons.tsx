import { Download, Printer } from 'lucide-react';
import { Button, buttonClasses } from '../ui/Button';

/** «دریافت PDF» and «چاپ» of an invoice's page (the printed copy is `InvoicePrint`). */
export function InvoiceFileButtons({ pdf }: { pdf: string }) {
  return (
    <>
      <a href={pdf} className={buttonClasses('secondary', 'md')} download>
        <Download aria-hidden="true" className="size-4" />
        دریافت PDF
      </a>
      <Button variant="secondary" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="size-4" />
        چاپ
      </Button>
    </>
  );
}
