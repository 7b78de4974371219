import type { ReactNode } from 'react';
import { CARE_NAV } from './nav/care-nav';
import { AppShell } from './parts/AppShell';

/** The support desk: queues and customers' machines, dense like the admin. */
export default function CareLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell areaLabel="میز پشتیبانی" nav={CARE_NAV} compact>
      {children}
    </AppShell>
  );
}
