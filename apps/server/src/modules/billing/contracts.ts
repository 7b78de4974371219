import type { LedgerRow } from './ledger-list';

/** `panel.items` «گردش حساب»: the wallet's lines with the filter's totals (Rial, out as positive). */
export interface PanelItemsProps {
  /** Rows: a machine's usage minutes of one Tehran hour folded into one (`lines` of them), unless `view=minutes`. */
  items: { data: LedgerRow[]; meta: { current_page: number; per_page: number; has_more: boolean } };
  totals: { credits: number; debits: number; count: number };
  /** Days are ISO (`2026-11-24`), read as whole days in Tehran. */
  filters: { type: string; machine: string; from: string; to: string; view: string };
  types: { value: string; label: string }[];
  machines: { uuid: string; name: string }[];
  balance: number;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Items': PanelItemsProps;
  }
}

/** A payment as its owner's pages show it (amounts in Rial). */
export interface PaymentView {
  uuid: string;
  status: 'created' | 'redirected' | 'verifying' | 'paid' | 'failed' | 'canceled' | 'expired' | 'review';
  amount: number;
  gateway: string;
  gateway_label: string;
  ref_id: string | null;
  card_pan: string | null;
  created_at: string;
  paid_at: string | null;
  invoice: {
    uuid: string;
    number: number | null;
    kind: 'topup' | 'usage' | 'manual';
    subtotal: number;
    tax_rate: number;
    tax: number;
    total: number;
  };
}

/** `panel.payments.make` «افزایش اعتبار»: amounts in Rial; the form takes Toman. */
export interface PanelPaymentsMakeProps {
  presets: number[];
  /** Pre-filled from `?amount=` (Toman in the URL), when it is a whole number. */
  amount: number | null;
  min: number;
  max: number;
  vat_rate: number;
  tax_inclusive: boolean;
  gateway: { name: string; label: string; test: boolean };
  /** What may still be topped up without approved identity (null: no cap applies). */
  kyc_room: number | null;
  kyc_status: string;
  balance: number;
  /** `?invoice=`: this pending invoice is paid instead of a new top-up. */
  invoice: PaymentView['invoice'] | null;
}

/** `panel.payments.verify`: anyone holding the link sees the state; amounts only its owner. */
export interface PanelPaymentsVerifyProps {
  found: boolean;
  owner: boolean;
  payment: (Pick<PaymentView, 'uuid' | 'status'> & Partial<PaymentView>) | null;
}

/** `panel.payments.show` «رسید پرداخت». */
export interface PanelPaymentsShowProps {
  payment: PaymentView;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Payments/Make': PanelPaymentsMakeProps;
    'Panel/Payments/Verify': PanelPaymentsVerifyProps;
    'Panel/Payments/Show': PanelPaymentsShowProps;
  }
}

/** One running stretch of a machine as billing kept it, with what the ledger charged for it. */
export interface MachineCharge {
  start: string;
  /** null while the session is still open. */
  stop: string | null;
  /** Minutes charged so far (every started minute is one ledger line). */
  minutes: number;
  /**
   * The clock time those minutes cover (chargedSpan): the first one's start to the last one's
   * end, so to − from is exactly `minutes`; what a page shows beside the minutes.
   */
  from: string;
  to: string;
  /** Rial the ledger took for those minutes. */
  amount: number;
}
