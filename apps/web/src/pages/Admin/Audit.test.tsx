import type { AdminAuditProps, AuditRow } from '@server/modules/admin/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';
import { CUSTOMER } from '../../test/sample-page';
import { sampleRoutes } from '../../test/sample-routes';

afterEach(cleanup);

const ADMIN = { ...CUSTOMER, id: 1, name: 'مدیر سامانه', roles: ['admin'] };

const row = (overrides: Partial<AuditRow>): AuditRow => ({
  id: 1,
  event: 'catalog:location.updated',
  label: 'ویرایش دیتاسنتر',
  actor: { id: 1, name: 'مدیر سامانه', role: 'admin' },
  as_user: null,
  subject: null,
  ip: '10.0.0.1',
  at: '2026-11-27T08:00:00.000Z',
  summary: '',
  changes: [],
  ...overrides,
});

function props(data: AuditRow[]): AdminAuditProps {
  return {
    items: { data, meta: { current_page: 1, last_page: 1, per_page: 30, total: data.length } },
    filters: { actor: '', event: '', subject: '', from: '', to: '' },
    options: { actors: [], events: [] },
  };
}

function routes() {
  const list = sampleRoutes();
  list.routes['admin.audit'] = { uri: 'admin/audit', methods: ['GET', 'HEAD'] };
  list.routes['admin.audit.export'] = { uri: 'admin/audit/export', methods: ['GET', 'HEAD'] };
  list.routes['admin.users.edit'] = {
    uri: 'admin/users/{user}/edit',
    methods: ['GET', 'HEAD'],
    parameters: ['user'],
  };
  list.routes['admin.locations.edit'] = {
    uri: 'admin/locations/{location}/edit',
    methods: ['GET', 'HEAD'],
    parameters: ['location'],
  };
  return list;
}

describe('Admin/Audit', () => {
  it('names the record an entry is about, its id left to right, linked to its page', async () => {
    await renderPage(
      'Admin/Audit',
      props([
        row({
          subject: {
            type: 'location',
            id: '12',
            label: 'دیتاسنتر',
            name: 'تهران ۱ (آسیاتک)',
            code: '#12',
            link: { route: 'admin.locations.edit', params: { location: '12' } },
          },
        }),
        row({
          id: 2,
          event: 'catalog:location.deleted',
          subject: { type: 'location', id: '13', label: 'دیتاسنتر', name: 'تبریز', code: '#13', link: null },
        }),
      ]),
      { auth: { user: ADMIN }, routes: routes() },
    );
    // The table and its narrow-screen cards both show it.
    const [link] = await screen.findAllByRole('link', { name: /دیتاسنتر «تهران ۱ \(آسیاتک\)»/ });
    if (!link) throw new Error('no link');
    expect(link.getAttribute('href')).toBe('/admin/locations/12/edit');
    expect(within(link).getByText('#12').getAttribute('dir')).toBe('ltr');
    // Deleted: its name, no link to a page that is gone.
    for (const name of screen.getAllByText(/«تبریز»/)) expect(name.closest('a')).toBeNull();
  });
});
