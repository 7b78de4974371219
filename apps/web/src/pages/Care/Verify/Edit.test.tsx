import type { StaffVerifyEditProps } from '@server/modules/verification/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { CUSTOMER } from '../../../test/sample-page';
import { sampleRoutes } from '../../../test/sample-routes';

afterEach(cleanup);

const STAFF = { ...CUSTOMER, id: 2, name: 'سارا پشتیبان', roles: ['care'] };

function routes() {
  const list = sampleRoutes();
  for (const [name, uri, method] of [
    ['care.verify.list', 'care/verify', 'GET'],
    ['care.verify.edit', 'care/verify/{verification}', 'GET'],
    ['care.verify.claim', 'care/verify/{verification}/claim', 'POST'],
    ['care.verify.decide', 'care/verify/{verification}', 'PATCH'],
    ['admin.verify.list', 'admin/verify', 'GET'],
    ['admin.verify.edit', 'admin/verify/{verification}', 'GET'],
    ['admin.verify.decide', 'admin/verify/{verification}', 'PATCH'],
    ['admin.verify.revoke', 'admin/verify/{verification}/revoke', 'PATCH'],
  ] as const) {
    list.routes[name] = { uri, methods: [method], parameters: ['verification'] };
  }
  return list;
}

const props = (overrides: Partial<StaffVerifyEditProps> = {}): StaffVerifyEditProps => ({
  request: {
    id: 3,
    uuid: 'r3',
    type: 'legal',
    first_name: 'سارا',
    last_name: 'کریمی',
    national_code: '0067749828',
    birth_date: '1988-01-17',
    mobile: '09121000102',
    mobile_verified: true,
    company_name: 'نقش‌آفرینان پارس',
    company_national_id: '10320456789',
    company_registration_no: '548712',
    selfie_text: 'رندر فارم ابری — ۲۴۷۳۶۳',
    status: 'under_review',
    reason: null,
    submitted_at: '2026-01-01T08:00:00Z',
    reviewed_at: null,
  },
  owner: { id: 9, name: 'سارا کریمی', email: null, mobile: '09121000102', kyc_status: 'under_review' },
  documents: [],
  checks: { national_code_valid: true, mobile_matches: true, duplicates: [] },
  approval: { missing: [], approved_elsewhere: [] },
  attempts: [],
  reviewer: 'سارا پشتیبان',
  can: { claim: false, decide: true, approve: true, override: false, revoke: false },
  history: null,
  ...overrides,
});

const shared = { auth: { user: STAFF }, routes: routes() };

describe('Care/Verify/Edit', () => {
  it('names the missing papers and offers rejection, not approval', async () => {
    await renderPage(
      'Care/Verify/Edit',
      props({
        approval: {
          missing: [
            { kind: 'selfie', label: 'عکس سلفی با دست‌نوشته' },
            { kind: 'company_paper', label: 'روزنامهٔ رسمی یا آگهی تأسیس شرکت' },
          ],
          approved_elsewhere: [],
        },
        can: { claim: false, decide: true, approve: false, override: false, revoke: false },
      }),
      shared,
    );
    expect(screen.getByText('تا همهٔ مدارک لازم در دست نباشد، تأیید ممکن نیست. کم است:')).toBeTruthy();
    const alert = screen.getByText('تا همهٔ مدارک لازم در دست نباشد، تأیید ممکن نیست. کم است:').parentElement!;
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'عکس سلفی با دست‌نوشته',
      'روزنامهٔ رسمی یا آگهی تأسیس شرکت',
    ]);
    expect(screen.queryByRole('button', { name: 'تأیید هویت' })).toBeNull();
    expect(screen.getByRole('button', { name: 'رد درخواست' })).toBeTruthy();
  });

  it('offers approval when the papers are complete', async () => {
    await renderPage('Care/Verify/Edit', props(), shared);
    expect(screen.getByText('همهٔ مدارک لازم این نوع درخواست فرستاده شده است.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تأیید هویت' })).toBeTruthy();
  });

  it('tells care that a national code approved on another account needs an admin', async () => {
    await renderPage(
      'Care/Verify/Edit',
      props({
        approval: { missing: [], approved_elsewhere: [{ user_id: 4, name: 'نادر شریفی' }] },
        can: { claim: false, decide: true, approve: false, override: false, revoke: false },
      }),
      shared,
    );
    expect(screen.getByText(/این کد ملی برای حساب دیگری تأیید شده است/).textContent).toContain('نادر شریفی');
    expect(screen.getByText(/تنها با نظر مدیر سامانه/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأیید هویت' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'تأیید با ذکر دلیل' })).toBeNull();
  });

  it('lets an admin approve such a request only through a reason', async () => {
    await renderPage(
      'Admin/Verify/Edit',
      props({
        approval: { missing: [], approved_elsewhere: [{ user_id: 4, name: 'نادر شریفی' }] },
        can: { claim: false, decide: true, approve: false, override: true, revoke: false },
        history: [],
      }),
      { ...shared, auth: { user: { ...STAFF, roles: ['admin'] } } },
    );
    expect(screen.queryByRole('button', { name: 'تأیید هویت' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'تأیید با ذکر دلیل' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('دلیل تأیید')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'تأیید هویت' })).toBeTruthy();
  });
});
