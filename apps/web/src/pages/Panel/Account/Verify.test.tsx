import { router } from '@renderfarm/react';
import type { KycRequestView, PanelAccountVerifyProps } from '@server/modules/verification/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { CUSTOMER } from '../../../test/sample-page';
import { sampleRoutes } from '../../../test/sample-routes';

// The realtime connection, faked where the app makes it: the test fires the server's events.
const channels = vi.hoisted(() => new Map<string, Map<string, Set<(data: unknown) => void>>>());
vi.mock('../../../lib/realtime/realtime-client', () => {
  const channel = (name: string) => {
    const listeners = channels.get(name) ?? new Map<string, Set<(data: unknown) => void>>();
    channels.set(name, listeners);
    const named = (event: string) => (event.startsWith('.') ? event.slice(1) : `App\\Events\\${event}`);
    type Api = Record<'listen' | 'stopListening' | 'notification', (...args: never[]) => Api>;
    const api: Api = {
      listen: (event: string, callback: (data: unknown) => void) => {
        const set = listeners.get(named(event)) ?? new Set();
        set.add(callback);
        listeners.set(named(event), set);
        return api;
      },
      stopListening: (event: string, callback: (data: unknown) => void) => {
        listeners.get(named(event))?.delete(callback);
        return api;
      },
      notification: () => api,
    };
    return api;
  };
  const client = {
    // A live link that works: the layout's notice stays quiet.
    connection: { state: 'connected', onState: () => () => {} },
    private: (name: string) => channel(`private-${name}`),
    leave: () => {},
    socketId: () => null,
  };
  return { realtimeClient: () => client, currentSocketId: () => null };
});

afterEach(() => {
  cleanup();
  channels.clear();
  vi.restoreAllMocks();
});

function routes() {
  const list = sampleRoutes();
  for (const [name, uri, method] of [
    ['panel.account.verify.store', 'panel/account/verify', 'POST'],
    ['panel.account.verify.destroy', 'panel/account/verify', 'DELETE'],
    ['panel.account.verify.renew', 'panel/account/verify/renew', 'POST'],
    ['panel.account.mobile.send', 'panel/account/mobile/code', 'POST'],
    ['panel.account.mobile.update', 'panel/account/mobile', 'PUT'],
    ['panel.instances.store', 'panel/instances', 'POST'],
  ] as const) {
    list.routes[name] = { uri, methods: [method] };
  }
  return list;
}

const request = (overrides: Partial<KycRequestView> = {}): KycRequestView => ({
  uuid: 'r1',
  type: 'individual',
  first_name: 'سارا',
  last_name: 'احمدی',
  national_code: '0790419904',
  birth_date: '1992-04-15',
  mobile: '09121234567',
  mobile_verified: true,
  company_name: null,
  company_national_id: null,
  company_registration_no: null,
  selfie_text: 'رندر فارم ابری — ۱۲۳۴۵۶',
  status: 'draft',
  reason: null,
  submitted_at: null,
  reviewed_at: null,
  ...overrides,
});

const props = (overrides: Partial<PanelAccountVerifyProps> = {}): PanelAccountVerifyProps => ({
  request: null,
  previous: null,
  documents: [],
  account: { mobile: '09121234567', mobile_verified: true },
  mobile_code: null,
  required: {
    individual: ['id_front', 'id_back', 'selfie'],
    legal: ['id_front', 'id_back', 'selfie', 'company_paper'],
  },
  labels: {
    id_front: 'روی کارت ملی',
    id_back: 'پشت کارت ملی',
    selfie: 'عکس سلفی با دست‌نوشته',
    company_paper: 'روزنامهٔ رسمی یا آگهی تأسیس شرکت',
  },
  max_bytes: 5 * 1024 * 1024,
  today: '2026-11-26',
  latest_birth_date: '2008-11-26',
  can: { edit: true, renew: false, withdraw: false },
  ...overrides,
});

const doc = (kind: 'id_front' | 'id_back' | 'selfie') => ({
  uuid: kind,
  kind,
  label: kind,
  mime: 'image/png',
  size: 1000,
  is_image: true,
  url: `/panel/account/verify/documents/${kind}`,
});

const shared = { auth: { user: { ...CUSTOMER, kyc_status: 'none' } }, routes: routes() };

describe('Panel/Account/Verify', () => {
  it('starts a new customer at the personal data, with company fields only for a company', async () => {
    await renderPage('Panel/Account/Verify', props(), shared);
    expect(screen.getByRole('heading', { level: 1, name: 'احراز هویت' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /مشخصات/ }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByLabelText('کد ملی')).toBeTruthy();
    expect(screen.queryByLabelText('نام شرکت')).toBeNull();
    act(() => screen.getByRole('radio', { name: 'شخص حقوقی (شرکت)' }).click());
    expect(screen.getByLabelText('نام شرکت')).toBeTruthy();
    expect(screen.getByLabelText('شناسهٔ ملی شرکت')).toBeTruthy();
  });

  it('opens where the customer left off: the mobile, then the papers, then the review', async () => {
    await renderPage('Panel/Account/Verify', props({ request: request({ mobile_verified: false }) }), shared);
    expect(screen.getByRole('button', { name: /موبایل/ }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('button', { name: 'ارسال کد تأیید' })).toBeTruthy();
    cleanup();

    await renderPage(
      'Panel/Account/Verify',
      props({ request: request(), documents: [doc('id_front')] }),
      shared,
    );
    expect(screen.getByText('رندر فارم ابری — ۱۲۳۴۵۶')).toBeTruthy();
    expect(screen.getAllByText(/بارگذاری شده/)).toHaveLength(1);
    cleanup();

    await renderPage(
      'Panel/Account/Verify',
      props({ request: request(), documents: [doc('id_front'), doc('id_back'), doc('selfie')] }),
      shared,
    );
    expect(screen.getByRole('button', { name: 'ارسال برای بررسی' })).toBeTruthy();
    expect(screen.getByText('موبایل با کد پیامکی تأیید شده است.')).toBeTruthy();
  });

  it('shows a sent request read-only, with withdraw only before it is claimed', async () => {
    await renderPage(
      'Panel/Account/Verify',
      props({
        request: request({ status: 'submitted' }),
        can: { edit: false, renew: false, withdraw: true },
      }),
      shared,
    );
    expect(screen.getByText(/در صف بررسی است/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'پس گرفتن درخواست' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ارسال برای بررسی' })).toBeNull();
    cleanup();

    await renderPage(
      'Panel/Account/Verify',
      props({
        request: request({ status: 'approved' }),
        can: { edit: false, renew: false, withdraw: false },
      }),
      shared,
    );
    expect(screen.getByText('هویت شما تأیید شده است.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'پس گرفتن درخواست' })).toBeNull();
    expect(screen.queryByLabelText('کد ملی')).toBeNull();
  });

  it('says why a request was rejected and starts the next one, which has words of its own', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => Promise.resolve());
    await renderPage(
      'Panel/Account/Verify',
      props({
        request: request({ status: 'rejected', reason: 'عکس سلفی تار است.' }),
        documents: [doc('id_front'), doc('id_back'), doc('selfie')],
        can: { edit: false, renew: true, withdraw: false },
      }),
      shared,
    );
    expect(screen.getByText('عکس سلفی تار است.')).toBeTruthy();
    // The rejected request's words are not offered for a new photo.
    expect(screen.queryByText('رندر فارم ابری — ۱۲۳۴۵۶')).toBeNull();
    expect(screen.queryByRole('button', { name: 'ارسال برای بررسی' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'اصلاح و ارسال دوباره' }).click());
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toBe('/panel/account/verify/renew');
    cleanup();

    // The next request: the reason stays in sight, the papers step shows this request's words.
    await renderPage(
      'Panel/Account/Verify',
      props({
        request: request({ status: 'draft', selfie_text: 'رندر فارم ابری — ۶۵۴۳۲۱' }),
        previous: { status: 'rejected', reason: 'عکس سلفی تار است.' },
        documents: [doc('id_front'), doc('id_back')],
      }),
      shared,
    );
    expect(screen.getByText('عکس سلفی تار است.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /مدارک$/ }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('رندر فارم ابری — ۶۵۴۳۲۱')).toBeTruthy();
    expect(document.querySelector('input[name="selfie"]')).toBeTruthy();
  });

  it('asks for no selfie before the request exists: its words come with the first save', async () => {
    await renderPage('Panel/Account/Verify', props(), shared);
    act(() => screen.getByRole('button', { name: /مدارک/ }).click());
    expect(screen.getByText(/متن دست‌نوشتهٔ سلفی پس از ذخیرهٔ مشخصات/)).toBeTruthy();
    expect(document.querySelector('input[name="selfie"]')).toBeNull();
    expect(document.querySelector('input[name="id_front"]')).toBeTruthy();
  });
});

describe('Panel/Account/Verify papers checked before they are sent', () => {
  it('refuses a file too large or of another type under its field, keeps it out of the form, sends nothing', async () => {
    const post = vi.spyOn(router, 'visit').mockImplementation(() => Promise.resolve());
    await renderPage('Panel/Account/Verify', props({ request: request(), documents: [] }), shared);
    expect(screen.getByRole('button', { name: /مدارک$/ }).getAttribute('aria-current')).toBe('step');
    const front = document.querySelector<HTMLInputElement>('input[name="id_front"]')!;
    const back = document.querySelector<HTMLInputElement>('input[name="id_back"]')!;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'front.png', { type: 'image/png' });
    const exe = new File([new Uint8Array(10)], 'back.exe', { type: 'application/x-msdownload' });
    act(() => {
      fireEvent.change(front, { target: { files: [big] } });
      fireEvent.change(back, { target: { files: [exe] } });
    });
    expect(front.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('حجم هر مدرک حداکثر ۵ مگابایت باشد؛ تصویر را کوچک‌تر کنید.')).toBeTruthy();
    expect(screen.getByText('تنها تصویر JPEG، PNG یا WebP یا فایل PDF پذیرفته می‌شود.')).toBeTruthy();
    // Neither file is shown as chosen, and saving sends no file at all.
    expect(screen.queryByText('front.png', { exact: false })).toBeNull();
    act(() => screen.getByRole('button', { name: 'ذخیرهٔ مدارک و ادامه' }).click());
    expect(post).toHaveBeenCalledTimes(1);
    for (const call of post.mock.calls) {
      const data = call[1]?.data;
      if (data instanceof FormData) expect([...data.values()].some((v) => v instanceof File)).toBe(false);
      else expect(Object.values(data ?? {}).some((v) => v instanceof File)).toBe(false);
    }
    // A good file then clears the field's error.
    act(() => {
      fireEvent.change(front, {
        target: { files: [new File([new Uint8Array(10)], 'front.png', { type: 'image/png' })] },
      });
    });
    expect(front.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('Panel/Account/Verify and identity decisions', () => {
  it('follows KycDecided: a request waiting for care reloads where it stands', async () => {
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => Promise.resolve());
    await renderPage(
      'Panel/Account/Verify',
      props({
        request: request({ status: 'under_review' }),
        can: { edit: false, renew: false, withdraw: false },
      }),
      { ...shared, realtime: { key: 'test-key', host: 'localhost', port: 8080, scheme: 'http' } },
    );
    expect(screen.getByText(/در حال بررسی مدارک شماست/)).toBeTruthy();
    const listeners = channels.get(`private-users.${CUSTOMER.id}`)?.get('KycDecided') ?? new Set();
    expect(listeners.size).toBeGreaterThan(0);
    for (const callback of listeners) act(() => callback({ status: 'approved' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload.mock.calls[0]![0]?.only).toEqual(
      expect.arrayContaining(['request', 'previous', 'documents', 'can', 'auth']),
    );
  });
});

describe('Panel/Instances/Make and identity decisions', () => {
  it('reloads the plans’ blockers when KycDecided arrives on the customer’s channel', async () => {
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => Promise.resolve());
    await renderPage(
      'Panel/Instances/Make',
      {
        hardwares: [],
        locations: [],
        images: [],
        selected: { hardware: null, location: null },
        balance: 0,
        vat_rate: 10,
        kyc_status: 'submitted',
        idempotency_key: 'a'.repeat(32),
        limits: { max_instances: { used: 0, allowed: 5 } },
      },
      { ...shared, realtime: { key: 'test-key', host: 'localhost', port: 8080, scheme: 'http' } },
    );
    expect(screen.getByRole('link', { name: 'رفتن به احراز هویت' })).toBeTruthy();
    for (const callback of channels.get(`private-users.${CUSTOMER.id}`)?.get('KycDecided') ?? []) {
      act(() => callback({ status: 'approved' }));
    }
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload.mock.calls[0]![0]?.only).toEqual(expect.arrayContaining(['hardwares', 'kyc_status']));
  });
});
