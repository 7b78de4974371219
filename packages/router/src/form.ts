import { clone, isEqual } from './equal';
import type { Router } from './router';
import type { CancelToken, Method, Progress, RequestPayload, VisitOptions } from './types';

/** docs/protocol.md: `recentlySuccessful` goes back to false 2000 ms after a success. */
export const RECENTLY_SUCCESSFUL_DURATION = 2000;

export type FormData_ = Record<string, unknown>;
export type FormErrors<T> = Partial<Record<keyof T | (string & {}), string>>;

export interface FormState<T extends FormData_> {
  data: T;
  defaults: T;
  errors: FormErrors<T>;
  hasErrors: boolean;
  isDirty: boolean;
  processing: boolean;
  progress: Progress | null;
  wasSuccessful: boolean;
  recentlySuccessful: boolean;
}

export type FormVisitOptions = Omit<VisitOptions, 'method' | 'data'>;
type FormSubmit = (url: string | URL, options?: FormVisitOptions) => Promise<void>;

/**
 * Form state with no UI framework: a store the React hook (or anything else) subscribes to.
 * With a remember key, data and errors are written to the history entry the form was created in,
 * and only to that entry.
 */
export class Form<T extends FormData_> {
  #state: FormState<T>;
  readonly #listeners = new Set<() => void>();
  #transformer: (data: T) => RequestPayload = (data) => data;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #cancelVisit: (() => void) | undefined;
  readonly #entryId: string | undefined;

  readonly #router: Router;
  readonly #rememberKey: string | undefined;

  constructor(router: Router, initial: T, rememberKey?: string) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      this[method] = (url, options) => this.submit(method, url, options);
    }
    this.#router = router;
    this.#rememberKey = rememberKey;
    this.#entryId = router.entryId;
    const remembered = rememberKey ? router.restore<Partial<FormState<T>>>(rememberKey) : undefined;
    this.#state = this.#derive({
      data: { ...clone(initial), ...remembered?.data },
      defaults: clone(initial),
      errors: remembered?.errors ?? {},
      processing: false,
      progress: null,
      wasSuccessful: false,
      recentlySuccessful: false,
    } as FormState<T>);
  }

  /** Fills in the fields that follow from the others. */
  #derive(state: FormState<T>): FormState<T> {
    state.isDirty = !isEqual(state.data, state.defaults);
    state.hasErrors = Object.keys(state.errors).length > 0;
    return state;
  }

  get current(): FormState<T> {
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #update(change: Partial<FormState<T>>): void {
    const next = this.#derive({ ...this.#state, ...change });
    this.#state = next;
    if (this.#rememberKey && ('data' in change || 'errors' in change)) {
      this.#router.remember({ data: next.data, errors: next.errors }, this.#rememberKey, this.#entryId);
    }
    for (const listener of this.#listeners) listener();
  }

  setData = (keyOrData: keyof T | T | ((data: T) => T), value?: unknown): void => {
    const data = this.#state.data;
    this.#update({
      data:
        typeof keyOrData === 'function'
          ? (keyOrData as (data: T) => T)(data)
          : typeof keyOrData === 'object'
            ? (keyOrData as T)
            : { ...data, [keyOrData]: value },
    });
  };

  /** No argument: the current data become the defaults. A field and value, or an object, set those defaults. */
  setDefaults = (field?: keyof T | Partial<T>, value?: unknown): void => {
    const change =
      field === undefined ? this.#state.data : typeof field === 'object' ? field : { [field]: value };
    this.#update({ defaults: clone({ ...this.#state.defaults, ...change }) });
  };

  reset = (...fields: (keyof T)[]): void => {
    const { defaults, data } = this.#state;
    const picked = fields.length
      ? Object.fromEntries(fields.map((field) => [field, defaults[field]]))
      : defaults;
    this.#update({ data: { ...data, ...clone(picked) } });
  };

  clearErrors = (...fields: string[]): void => {
    const kept = Object.entries(this.#state.errors).filter(
      ([field]) => fields.length && !fields.includes(field),
    );
    this.#update({ errors: Object.fromEntries(kept) as FormErrors<T> });
  };

  setError = (field: string | Record<string, string>, message?: string): void => {
    const added = typeof field === 'string' ? { [field]: message ?? '' } : field;
    this.#update({ errors: { ...this.#state.errors, ...added } as FormErrors<T> });
  };

  transform = (callback: (data: T) => RequestPayload): void => {
    this.#transformer = callback;
  };

  cancel = (): void => {
    this.#cancelVisit?.();
  };

  submit = (method: Method, url: string | URL, options: FormVisitOptions = {}): Promise<void> => {
    clearTimeout(this.#timer);
    const idle = { processing: false, progress: null };
    /** Updates the form state, then calls the caller's own callback of the same name. */
    const hook =
      <K extends keyof FormVisitOptions>(
        name: K,
        change: (arg: never) => Partial<FormState<T>> | undefined,
      ) =>
      (arg: never) => {
        const update = change(arg);
        if (update) this.#update(update);
        return (options[name] as ((arg: never) => unknown) | undefined)?.(arg);
      };
    return this.#router.visit(url, {
      preserveState: method !== 'get',
      ...options,
      method,
      data: this.#transformer(this.#state.data),
      onCancelToken: hook('onCancelToken', (token: CancelToken) => {
        this.#cancelVisit = token.cancel;
        return undefined;
      }),
      onBefore: hook('onBefore', () => ({ wasSuccessful: false, recentlySuccessful: false })),
      onStart: hook('onStart', () => ({ processing: true })),
      onProgress: hook('onProgress', (progress: Progress) => ({ progress })),
      onSuccess: hook('onSuccess', () => {
        this.#timer = setTimeout(
          () => this.#update({ recentlySuccessful: false }),
          RECENTLY_SUCCESSFUL_DURATION,
        );
        return { ...idle, errors: {}, wasSuccessful: true, recentlySuccessful: true };
      }),
      // Replace, never merge: a field fixed since the last submit must lose its old message.
      onError: hook('onError', (errors: FormErrors<T>) => ({ ...idle, errors })),
      onCancel: hook('onCancel', () => idle),
      onFinish: hook('onFinish', () => {
        this.#cancelVisit = undefined;
        return this.#state.processing || this.#state.progress ? idle : undefined;
      }),
    } as VisitOptions);
  };

  declare get: FormSubmit;
  declare post: FormSubmit;
  declare put: FormSubmit;
  declare patch: FormSubmit;
  declare delete: FormSubmit;
}
