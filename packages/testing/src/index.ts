export { DEFAULT_SHELL_TITLE, shellHtml } from './html';
export { precognitionResponse } from './precognition';
export { always, defer, type MergeMode, merge, optional, type PropMarker, type PropValue } from './props';
export { cleanupApp, type RenderAppOptions, type RenderedApp, renderApp } from './render-app';
export {
  external,
  type PageOptions,
  type PageReply,
  page,
  type Reply,
  redirect,
  type ValidationReply,
  validationError,
} from './replies';
export {
  createMockServer,
  type Method,
  type MockServer,
  type MockServerOptions,
  type RecordedRequest,
  type RequestContext,
  type RouteHandler,
  type RouteOptions,
} from './server';
