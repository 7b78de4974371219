import type { Page, PageProps } from '@renderfarm/react';
import type { SharedProps } from '@server/http/contracts';

export type {
  AuthUser,
  KycStatus,
  LinkItem,
  MenuItem,
  RealtimeProps,
  SharedProps,
} from '@server/http/contracts';

/** The page object the server embeds in the HTML shell and answers each visit with. */
// `errors` (validation messages by field) comes with the page client's own Page type.
export type PageObject<TProps = Record<string, unknown>> = Page<PageProps & SharedProps & TProps>;
