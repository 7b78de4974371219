import type { ComponentType, ReactNode } from 'react';

/** The areas of the app, each with its own layout (docs/ui.md, "Structure"). */
export type Area = 'public' | 'auth' | 'panel' | 'care' | 'admin';

export type LayoutComponent = ComponentType<{ children: ReactNode }>;

/**
 * A page module's default export. A page may name its area statically (`Page.layout = 'auth'`) or
 * opt out with `null`; otherwise the area comes from its component name. Once resolved, `layout`
 * holds the page client's persistent form, an array of layout components: the same component
 * across visits keeps the layout (and its open menus, scroll) mounted.
 */
// biome-ignore lint/suspicious/noExplicitAny: each page declares its own props type.
export type PageComponent = ComponentType<any> & { layout?: Area | null | LayoutComponent[] };
