import { App } from '@renderfarm/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LayoutComponent, PageComponent } from '../app/page-types';
import { CUSTOMER, pageObject } from '../test/sample-page';
import { sampleRoutes } from '../test/sample-routes';
import type { SharedProps } from '../types/shared-props';
import AdminLayout from './AdminLayout';
import AuthLayout from './AuthLayout';
import CareLayout from './CareLayout';
import { ADMIN_NAV } from './nav/admin-nav';
import { CARE_NAV } from './nav/care-nav';
import { PANEL_NAV } from './nav/panel-nav';
import PanelLayout from './PanelLayout';
import PublicLayout from './PublicLayout';

afterEach(cleanup);

// Every page the area menus name, as if all of them were built; `visibleNav` is tested on its own.
const ALL_MENU_ROUTES = (() => {
  const routes = sampleRoutes();
  for (const item of [...PANEL_NAV, ...CARE_NAV, ...ADMIN_NAV].flatMap((section) => section.items)) {
    routes.routes[item.route] ??= { uri: item.href.slice(1), methods: ['GET', 'HEAD'] };
  }
  return routes;
})();

function renderIn(Layout: LayoutComponent, url: string, shared: Partial<SharedProps> = {}) {
  const Page: PageComponent = () => <p>محتوای صفحه</p>;
  Page.layout = [Layout];
  const page = { ...pageObject('Test/Page', {}, { routes: ALL_MENU_ROUTES, ...shared }), url };
  return render(<App initialPage={page} initialComponent={Page} resolveComponent={() => Page} />);
}

describe('area layouts', () => {
  it('panel: marks the current section, shows balance and unread count', () => {
    renderIn(PanelLayout, '/panel/instances/5f1c', { auth: { user: CUSTOMER }, unread_notifications: 3 });
    const nav = screen.getByRole('navigation', { name: 'منوی پنل کاربری' });
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('سرورهای من');
    // The area home is exact: it is not also marked on a sub-page.
    expect(within(nav).getByRole('link', { name: 'پیشخوان' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: /موجودی کیف پول/ }).textContent).toContain('۱۲۵٬۰۰۰ تومان');
    expect(screen.getByRole('link', { name: 'اعلان‌ها، ۳ خوانده‌نشده' }).getAttribute('href')).toBe(
      '/panel/notifications',
    );
    expect(screen.getByRole('main').textContent).toContain('محتوای صفحه');
  });

  it('admin: groups the menu in sections and hides the balance', () => {
    renderIn(AdminLayout, '/admin', { auth: { user: { ...CUSTOMER, roles: ['admin'] } } });
    const nav = screen.getByRole('navigation', { name: 'منوی مدیریت' });
    for (const section of ['مشتریان', 'زیرساخت', 'محتوا', 'سیستم']) {
      expect(within(nav).getByRole('heading', { name: section })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('داشبورد');
    expect(screen.queryByRole('link', { name: /موجودی کیف پول/ })).toBeNull();
  });

  it('care: has its own menu', () => {
    renderIn(CareLayout, '/care/tickets?status=open', { auth: { user: { ...CUSTOMER, roles: ['care'] } } });
    const nav = screen.getByRole('navigation', { name: 'منوی میز پشتیبانی' });
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('صف تیکت‌ها');
  });

  it('auth: a single card with a way back home and the support phone', () => {
    renderIn(AuthLayout, '/auth/signin');
    expect(screen.getByRole('link', { name: 'بازگشت به صفحه اصلی' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('contentinfo').textContent).toContain('۰۲۱-۹۱۰۰۱۲۳۴');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('public: a customer sees the wallet in the header, staff never (no red «۰ تومان»)', () => {
    renderIn(PublicLayout, '/', { auth: { user: CUSTOMER } });
    expect(screen.getAllByRole('link', { name: /موجودی کیف پول/ }).length).toBeGreaterThan(0);
    cleanup();
    for (const role of ['admin', 'care']) {
      renderIn(PublicLayout, '/', { auth: { user: { ...CUSTOMER, balance: 0, roles: [role] } } });
      expect(screen.queryByRole('link', { name: /موجودی کیف پول/ }), role).toBeNull();
      expect(document.body.textContent, role).not.toContain('۰ تومان');
      cleanup();
    }
  });

  it('public: uses the default menu when the admin has built none', () => {
    renderIn(PublicLayout, '/', { menus: { header: [], footer: [] } });
    const nav = screen.getAllByRole('navigation', { name: 'منوی اصلی' })[0]!;
    expect(within(nav).getByRole('link', { name: 'تعرفه‌ها' }).getAttribute('href')).toBe('/prices');
  });

  it('public: off-site links in the footer open in a new tab instead of a page visit', () => {
    renderIn(PublicLayout, '/', {
      links: { footer: [], social: [{ label: 'اینستاگرام', url: 'https://instagram.com/renderfarm' }] },
    });
    const social = screen.getByRole('link', { name: 'اینستاگرام' });
    expect(social.getAttribute('target')).toBe('_blank');
    expect(social.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'قوانین و مقررات' }).getAttribute('target')).toBeNull();
  });

  it('leaves out menu items whose page this user was not sent', () => {
    renderIn(PanelLayout, '/panel', { auth: { user: CUSTOMER }, routes: sampleRoutes() });
    const nav = screen.getByRole('navigation', { name: 'منوی پنل کاربری' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toContain('پیشخوان');
    expect(labels).not.toContain('سرورهای من');
    expect(within(nav).queryByRole('heading', { name: 'مالی' })).not.toBeNull();
  });

  it('every layout starts with a skip link to the main content', () => {
    renderIn(PanelLayout, '/panel', { auth: { user: CUSTOMER } });
    expect(screen.getByRole('link', { name: 'پرش به محتوای اصلی' }).getAttribute('href')).toBe('#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });

  it('flash messages can be closed', () => {
    renderIn(PublicLayout, '/', { flash: { error: 'پرداخت ناموفق بود.' } });
    expect(screen.getByRole('alert').textContent).toContain('پرداخت ناموفق بود.');
    fireEvent.click(screen.getByRole('button', { name: 'بستن پیام' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a warning flash (a recovery code used up) in the panel too, and it can be closed', () => {
    renderIn(PanelLayout, '/home', {
      auth: { user: CUSTOMER },
      flash: { warning: 'یک کد بازیابی مصرف شد؛ ۷ کد دیگر مانده است.' },
    });
    const main = screen.getByRole('main');
    expect(within(main).getByText('یک کد بازیابی مصرف شد؛ ۷ کد دیگر مانده است.')).toBeTruthy();
    // Not an error: no alert role, so it is announced politely.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(within(main).getByRole('button', { name: 'بستن پیام' }));
    expect(within(main).queryByText('یک کد بازیابی مصرف شد؛ ۷ کد دیگر مانده است.')).toBeNull();
  });
});
