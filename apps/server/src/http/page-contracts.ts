import type { BlankProps } from './contracts';

/**
 * Every page's props by component name. Each module adds its own pages in its contracts.ts
 * (`declare module '../../http/page-contracts'`), beside the types the web pages import; `render`
 * (http/render.ts) checks what a route sends against them, so a server change that breaks a page
 * fails the typecheck on both sides.
 */
export interface PageContracts {
  'Public/Blank': BlankProps;
}
