import type { ReactNode } from 'react';
import { ImpersonationBanner } from '../components/impersonation/ImpersonationBanner';
import { Container } from '../components/ui/Container';
import { FlashMessages } from './parts/FlashMessages';
import { SiteFooter } from './parts/SiteFooter';
import { SiteHeader } from './parts/SiteHeader';
import { SkipLink } from './parts/SkipLink';

/** The public site: header with the site menu, the page, footer with links and the phone. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ImpersonationBanner />
      <SiteHeader />
      <Container>
        <FlashMessages className="mt-4" />
      </Container>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
