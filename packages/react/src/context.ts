import type { Page } from '@renderfarm/router';
import { createContext } from './react';

export const PageContext = createContext<Page | null>(null);
