/** `resolve` as the App calls it: ES modules (`import('./pages/X.tsx')`) unwrapped to their default export. */
export const resolveModule =
  (resolve: (name: string) => unknown) =>
  async (name: string): Promise<unknown> => {
    const resolved = (await resolve(name)) as { default?: unknown } | undefined;
    return resolved?.default ?? resolved;
  };
