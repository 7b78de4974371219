// The one import of @renderfarm/routes, so a bundle keeping it external carries one import statement.
export { type RouteParams, route, stringifyQuery } from '@renderfarm/routes';
