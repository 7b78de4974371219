import type { Page } from 'playwright-core';

const TEHRAN_DAY = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  timeZone: 'Asia/Tehran',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const TEHRAN_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tehran',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `at` on Tehran's clock at `HH:MM` of its Tehran day (`at` plus whole days, for «tomorrow 10:00»). */
export function tehranTimeOfDay(at: Date, time: string): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(at);
  // Iran has kept +03:30 all year since 2022.
  return new Date(`${day}T${time}:00+03:30`);
}

/**
 * Fills a JalaliDateTimeField as a person does: the field's calendar moved to the Jalali month of
 * `at` in Tehran and its day clicked, then the Tehran time typed.
 */
export async function fillJalaliDateTime(page: Page, label: string, at: Date): Promise<void> {
  const parts = Object.fromEntries(TEHRAN_DAY.formatToParts(at).map((p) => [p.type, p.value]));
  const field = page.getByRole('group', { name: label });
  await field.getByRole('button', { name: 'روز' }).click();
  const calendar = page.getByRole('dialog', { name: 'تقویم روز' });
  for (let step = 0; step < 24; step++) {
    const shown = (await calendar.locator('[aria-live="polite"]').textContent()) ?? '';
    if (shown.includes(parts.month!) && shown.includes(parts.year!)) break;
    await calendar.getByRole('button', { name: 'ماه بعد' }).click();
  }
  await calendar.getByRole('button', { name: `${parts.day} ${parts.month}`, exact: true }).click();
  await field.getByLabel('ساعت (تهران)').fill(TEHRAN_TIME.format(at));
}
