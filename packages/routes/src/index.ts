export type { QueryValue, StringifyQueryOptions } from './query-string';
export { encodeQueryComponent, parseQuery, stringifyQuery } from './query-string';
