import type { Database } from '../../db/client';
import { toLatinDigits } from '../../lib/digits';
import { readConfig } from '../catalog';

/**
 * The seller as an official invoice names it (the «مشخصات فروشنده» box), from the `seller_*`
 * settings of Admin/Configs (rules in catalog/config-rules.ts), read fresh for each invoice: the
 * invoice is drawn when it is viewed, so a corrected setting shows on every invoice.
 * An unset field is '' (the invoice shows «—» there, so the gap is seen, not hidden).
 */
export interface SellerProfile {
  /** The brand the site goes by («رندر فارم ابری»). */
  siteName: string;
  /** The registered name («شرکت … (سهامی خاص)»); the site name when unset. */
  legalName: string;
  /** Codes with Latin digits. */
  economicCode: string;
  nationalId: string;
  registrationNo: string;
  address: string;
  postalCode: string;
  phone: string;
}

const SITE_NAME = 'رندر فارم ابری';

/**
 * A setting's text. A value of digits alone («14008123457») comes back from the jsonb column as a
 * number (the driver hands a string to jsonb unquoted), so a number is read as its digits; none of
 * these codes starts with a zero that could be lost that way.
 */
const textOf = (value: unknown) =>
  typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' && Number.isSafeInteger(value)
      ? String(value)
      : '';
const codeOf = (value: unknown) => toLatinDigits(textOf(value)).replace(/[\s‌]/g, '');

export async function readSellerProfile(db: Database): Promise<SellerProfile> {
  // One after another: `db` may be a transaction, whose one connection takes one query at a time.
  const read = async (key: string) => readConfig(db, key);
  const siteName = textOf(await read('site_name')) || SITE_NAME;
  const legalName = textOf(await read('seller_legal_name')) || siteName;
  const economicCode = codeOf(await read('seller_economic_code'));
  const nationalId = codeOf(await read('seller_national_id'));
  const registrationNo = codeOf(await read('seller_registration_no'));
  const address = textOf(await read('seller_address'));
  const postalCode = codeOf(await read('seller_postal_code')).replace(/-/g, '');
  const phone = codeOf(await read('seller_phone'));
  return { siteName, legalName, economicCode, nationalId, registrationNo, address, postalCode, phone };
}
