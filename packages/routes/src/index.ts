export type { RoutesErrorCode } from './errors';
export { RoutesError } from './errors';
export type { QueryValue, StringifyQueryOptions } from './query-string';
export { encodeQueryComponent, parseQuery, stringifyQuery } from './query-string';
export type {
  RegisteredRoute,
  RegistrarHandler,
  RegistryOptions,
  RouteRegistrar,
  RouteSpec,
} from './registry';
export { RouteRegistry } from './registry';
export { route } from './route';
export type { Router } from './router';
export type { HttpMethod, RouteDefinitionJson, RouteParams, RoutesConfig } from './types';
