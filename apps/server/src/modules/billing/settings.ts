import type { Database } from '../../db/client';
import { readConfig } from '../catalog';

/** The billing settings of Admin/Configs, read fresh for each use (an admin's change applies at once). */
export interface BillingSettings {
  /** Percent, frozen on each invoice when it is issued. */
  vatRate: number;
  /** Whether an entered amount already holds the VAT. */
  taxInclusive: boolean;
  /** Rial bounds of one top-up. */
  topupMin: number;
  topupMax: number;
  /** How long a gateway keeps an unverified payment before giving the money back. */
  verifyDeadlineMinutes: number;
}

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export async function readBillingSettings(db: Database): Promise<BillingSettings> {
  // One after another: `db` may be a transaction (the demo seed's, an invoice's), whose single
  // connection takes one query at a time (pg 8 warns of overlaps; pg 9 will no longer queue them).
  const values: unknown[] = [];
  for (const key of [
    'vat_rate',
    'tax_inclusive',
    'topup_min',
    'topup_max',
    'payment_verify_deadline_minutes',
  ])
    values.push(await readConfig(db, key));
  const [vat, inclusive, min, max, deadline] = values;
  return {
    vatRate: numberOr(vat, 10),
    taxInclusive: inclusive === true,
    topupMin: numberOr(min, 500_000),
    topupMax: numberOr(max, 500_000_000),
    verifyDeadlineMinutes: numberOr(deadline, 30),
  };
}

/** The render tiers' prices per node-minute (Rial), from Admin/Configs; shown on Public/Prices. */
export interface RenderPrices {
  standard: number;
  express: number;
}

/** The demo's prices, also used while an admin has not set one (a render is never free by mistake). */
export const DEFAULT_RENDER_PRICES: RenderPrices = { standard: 1_500, express: 3_000 };

export async function readRenderPrices(db: Database): Promise<RenderPrices> {
  const price = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : fallback;
  const standard = await readConfig(db, 'render_price_per_minute_standard');
  const express = await readConfig(db, 'render_price_per_minute_express');
  return {
    standard: price(standard, DEFAULT_RENDER_PRICES.standard),
    express: price(express, DEFAULT_RENDER_PRICES.express),
  };
}
