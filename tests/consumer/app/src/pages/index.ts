import type { PageComponent } from '@renderfarm/react';
import { Contact } from './Contact';
import { Thanks } from './Thanks';

export const pages: Record<string, PageComponent> = { Contact, Thanks };
