/** Validation errors: `{field: message}`, or `{bag: {field: message}}` when error bags are used. */
export type Errors = Record<string, string>;
export type ErrorBag = Record<string, Errors>;

export type PageProps = Record<string, unknown> & { errors?: Errors & ErrorBag };

/** The page object of the Inertia protocol (see docs in docs/protocol.md). */
export interface Page<Props extends PageProps = PageProps> {
  component: string;
  props: Props & { errors: Errors & ErrorBag };
  url: string;
  version: string | null;
  encryptHistory?: boolean;
  clearHistory?: boolean;
  deferredProps?: Record<string, string[]>;
  mergeProps?: string[];
  prependProps?: string[];
  deepMergeProps?: string[];
  matchPropsOn?: string[];
  flash?: Record<string, unknown>;
}

export interface ScrollPosition {
  top: number;
  left: number;
}

/** What one history entry holds. `page` is an encrypted blob when `page.encryptHistory` was set. */
export interface HistoryEntry {
  page: Page | EncryptedPage;
  scrollRegions: ScrollPosition[];
  documentScrollPosition: ScrollPosition;
  rememberedState: Record<string, unknown>;
  /** Distinguishes two entries that show the same URL, so writes reach the entry that made them. */
  id: string;
  /** History generation the entry was written in (see clearHistory). */
  generation: number;
}

export interface EncryptedPage {
  encrypted: true;
  /** AES-GCM IV and ciphertext (history state keeps binary data as is). */
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
  /** Kept in clear so that the router knows, without the key, which URL to reload. */
  url: string;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type RequestPayload = Record<string, unknown> | FormData;
export type QueryStringArrayFormat = 'brackets' | 'indices';

export interface Progress {
  loaded: number;
  total: number | undefined;
  percentage: number;
}

/** A visit as the router runs it: the options with their defaults filled in, plus its outcome. */
export interface ActiveVisit extends VisitOptions {
  url: URL;
  method: Method;
  data: RequestPayload;
  headers: Record<string, string>;
  only: string[];
  except: string[];
  reset: string[];
  async: boolean;
  showProgress: boolean;
  completed: boolean;
  cancelled: boolean;
  interrupted: boolean;
}

export interface CancelToken {
  cancel: () => void;
}

export type PreserveOption = boolean | 'errors' | ((page: Page) => boolean);

export interface VisitCallbacks {
  onCancelToken?: (token: CancelToken) => void;
  /** Return `false` to stop the visit before it is sent. */
  onBefore?: (visit: ActiveVisit) => unknown;
  onStart?: (visit: ActiveVisit) => void;
  onProgress?: (progress: Progress) => void;
  onSuccess?: (page: Page) => unknown;
  onError?: (errors: Errors) => void;
  onCancel?: () => void;
  onFinish?: (visit: ActiveVisit) => void;
  onPrefetched?: (page: Page) => void;
}

export interface VisitOptions extends VisitCallbacks {
  method?: Method | Uppercase<Method>;
  data?: RequestPayload;
  replace?: boolean;
  preserveScroll?: PreserveOption;
  preserveState?: PreserveOption;
  only?: string[];
  except?: string[];
  reset?: string[];
  headers?: Record<string, string>;
  errorBag?: string | null;
  forceFormData?: boolean;
  queryStringArrayFormat?: QueryStringArrayFormat;
  /** Async visits (partial reloads, polls, deferred props) run alongside the sync visit. */
  async?: boolean;
  showProgress?: boolean;
  /** Serve the visit from the prefetch cache when a fresh entry exists (default true). */
  prefetch?: boolean;
}

export type ReloadOptions = Omit<VisitOptions, 'method' | 'replace'>;

export interface PageResolution {
  page: Page;
  /** What the adapter renders: the resolved component, or `undefined` with `error` set. */
  component: unknown;
  error?: Error;
  preserveState: boolean;
}

/** Given by the UI adapter: turns a component name into a renderable thing (throws or returns nothing when unknown). */
export type ResolveComponent = (name: string, page: Page) => unknown | Promise<unknown>;
/** Given by the UI adapter: renders the page; resolves once it is on screen so that scroll can be restored. */
export type SwapComponent = (resolution: PageResolution) => Promise<void> | void;
