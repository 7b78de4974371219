import type { Page } from '@renderfarm/router';
import { createContext } from './react';

export const PageContext = createContext<Page | null>(null);

/** The title template given to createApp (`title`), used by <Head>. */
export const HeadContext = createContext<(title: string) => string>((title) => title);
