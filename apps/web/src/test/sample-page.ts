import type { AuthUser, PageObject, SharedProps } from '../types/shared-props';
import { sampleRoutes } from './sample-routes';

/** Shared props as the server sends them, for rendering pages and layouts in tests. */
export function sharedProps(overrides: Partial<SharedProps> = {}): SharedProps {
  return {
    auth: { user: null },
    flash: {},
    routes: sampleRoutes(),
    settings: { site_name: 'رندر فارم ابری', support_phone: '021-91001234', vat_rate: 10 },
    menus: {
      header: [
        { label: 'تعرفه‌ها', url: '/prices' },
        { label: 'آموزش‌ها', url: '/articles/docs', children: [{ label: 'شروع کار', url: '/welcome' }] },
      ],
      footer: [],
    },
    links: { footer: [{ label: 'قوانین و مقررات', url: '/terms-of-service' }], social: [] },
    unread_notifications: 0,
    ...overrides,
  };
}

export const CUSTOMER: AuthUser = {
  id: 7,
  name: 'سارا احمدی',
  mobile_masked: '0912***0000',
  roles: ['customer'],
  balance: 1_250_000,
  kyc_status: 'approved',
  two_factor: false,
  email_verified: true,
};

export function pageObject<TProps>(
  component: string,
  props: TProps,
  shared?: Partial<SharedProps>,
): PageObject<TProps> {
  return { component, props: { ...sharedProps(shared), errors: {}, ...props }, url: '/', version: '1' };
}
