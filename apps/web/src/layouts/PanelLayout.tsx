import type { ReactNode } from 'react';
import { PANEL_NAV } from './nav/panel-nav';
import { AppShell } from './parts/AppShell';

/** The customer panel: machines, wallet, tickets; the balance is always in view. */
export default function PanelLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell areaLabel="پنل کاربری" nav={PANEL_NAV} showBalance>
      {children}
    </AppShell>
  );
}
