/** The shortlist module's public face (nothing of it is used by others yet). */
export type { ShortlistProps } from './contracts';
