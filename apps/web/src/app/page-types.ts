import type { ComponentType, ReactNode } from 'react';

/** The areas of the app, each with its own layout (UI.md, "Structure"). */
export type Area = 'public' | 'auth' | 'panel' | 'care' | 'admin';

export type LayoutComponent = ComponentType<{ children: ReactNode }>;

/**
 * A page module's default export. A page may name its layout statically (`Page.layout = 'auth'`),
 * or opt out with `null`; otherwise the area comes from its component name. After resolving,
 * `layout` holds the layout component itself, the persistent-layout convention the page client
 * follows (the same component across visits keeps the layout mounted).
 */
// biome-ignore lint/suspicious/noExplicitAny: each page declares its own props type.
export type PageComponent = ComponentType<any> & { layout?: Area | LayoutComponent | null };
