import type { ReactNode } from 'react';
import { ADMIN_NAV } from './nav/admin-nav';
import { AppShell } from './parts/AppShell';

/** Administration: a sectioned sidebar and compact spacing for tables. */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell areaLabel="مدیریت" nav={ADMIN_NAV} compact>
      {children}
    </AppShell>
  );
}
