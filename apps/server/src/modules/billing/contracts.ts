import type { LedgerLine } from './ledger-list';

/** `panel.items` «گردش حساب»: the wallet's lines with the filter's totals (Rial, out as positive). */
export interface PanelItemsProps {
  items: { data: LedgerLine[]; meta: { current_page: number; per_page: number; has_more: boolean } };
  totals: { credits: number; debits: number; count: number };
  /** Days are ISO (`2026-11-24`), read as whole days in Tehran. */
  filters: { type: string; machine: string; from: string; to: string };
  types: { value: string; label: string }[];
  machines: { uuid: string; name: string }[];
  balance: number;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Items': PanelItemsProps;
  }
}
