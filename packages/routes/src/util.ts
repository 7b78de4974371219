/** Tiny shared predicates (kept in one place so the browser bundle carries them once). */
export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';
export const own = (o: object, k: PropertyKey): boolean => Object.hasOwn(o, k);
export const isArray = Array.isArray;
