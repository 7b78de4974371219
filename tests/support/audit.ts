import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Admin/Audit as a person reads it: no stored field names or JSON, and every identifier (UUID,
 * IP, code) in its own left-to-right element with Latin digits, never «۵۸۵۰e۳bb-…».
 */
export async function expectReadableAudit(page: Page): Promise<void> {
  const table = page.getByRole('table', { name: 'اقدامات کارکنان' });
  const text = (await table.textContent()) ?? '';
  expect(text).not.toMatch(/changed:|assigneeId|\b[a-z]+Id\b|\{"|\["/);
  // A UUID-shaped run with a Persian digit in it.
  expect(text).not.toMatch(/[0-9a-f۰-۹]*[۰-۹][0-9a-f۰-۹]*-[0-9a-f۰-۹]{4}-[0-9a-f۰-۹]{4}-/);
  for (const value of await table.locator('[dir="ltr"]').allTextContents()) {
    expect(value, 'an identifier left to right').not.toMatch(/[۰-۹]/);
  }
}
