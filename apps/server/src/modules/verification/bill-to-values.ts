import type { BillTo, BillToValues } from '../billing';

/** A bill-to as the form fields show it (every field a string). */
export function billToValues(billTo: BillTo | null, fallbackName: string): BillToValues {
  return {
    kind: billTo?.kind ?? 'person',
    name: billTo?.name ?? fallbackName,
    national_code: billTo?.national_code ?? '',
    company_id: billTo?.company_id ?? '',
    economic_code: billTo?.economic_code ?? '',
    address: billTo?.address ?? '',
    postal_code: billTo?.postal_code ?? '',
  };
}
