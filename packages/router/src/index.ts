export { isEqual } from './equal';
export {
  InitialPageError,
  InvalidResponseError,
  NetworkError,
  PageNotFoundError,
  RouterError,
} from './errors';
export type { RouterEventListener, RouterEventMap, RouterEventName } from './events';
export {
  Form,
  type FormErrors,
  type FormState,
  type FormVisitOptions,
  RECENTLY_SUCCESSFUL_DURATION,
} from './form';
export { readInitialPage } from './initial-page';
export { router } from './instance';
export { navigate } from './navigate';
export { HIDDEN_TAB_TICK_DIVISOR, type Poll, type PollOptions } from './poll';
export { PREFETCH_CACHE_FOR } from './prefetch';
export { PROGRESS_COLOR, PROGRESS_DELAY, type ProgressOptions } from './progress';
export { Router, type RouterInit } from './router';
export { SCROLL_SAVE_DEBOUNCE } from './scroll';
export type * from './types';
