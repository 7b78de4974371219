import {
  Form,
  type FormState,
  type FormVisitOptions,
  type Method,
  type RequestPayload,
  router,
} from '@renderfarm/router';
import { useMemo, useState, useSyncExternalStore } from './react';

type Data = Record<string, unknown>;
type Url = string | URL;

export interface InertiaFormProps<T extends Data> extends Omit<FormState<T>, 'defaults'> {
  setData: Form<T>['setData'];
  setDefaults: Form<T>['setDefaults'];
  reset: Form<T>['reset'];
  clearErrors: Form<T>['clearErrors'];
  setError: Form<T>['setError'];
  transform: (callback: (data: T) => RequestPayload) => void;
  cancel: () => void;
  submit: (method: Method, url: Url, options?: FormVisitOptions) => Promise<void>;
  get: (url: Url, options?: FormVisitOptions) => Promise<void>;
  post: (url: Url, options?: FormVisitOptions) => Promise<void>;
  put: (url: Url, options?: FormVisitOptions) => Promise<void>;
  patch: (url: Url, options?: FormVisitOptions) => Promise<void>;
  delete: (url: Url, options?: FormVisitOptions) => Promise<void>;
}

/**
 * Form helper: `useForm(data)` or `useForm(rememberKey, data)`. The state lives in a Form store
 * (from @renderfarm/router), so a `setData` followed at once by `post` sends the new data, and the
 * methods keep their identity across renders.
 */
export function useForm<T extends Data>(data: T): InertiaFormProps<T>;
export function useForm<T extends Data>(rememberKey: string, data: T): InertiaFormProps<T>;
export function useForm<T extends Data>(keyOrData: string | T, maybeData?: T): InertiaFormProps<T> {
  const rememberKey = typeof keyOrData === 'string' ? keyOrData : undefined;
  const initial = (typeof keyOrData === 'string' ? maybeData : keyOrData) ?? ({} as T);
  const [form] = useState(() => new Form<T>(router, initial, rememberKey));
  const state = useSyncExternalStore(
    form.subscribe,
    () => form.current,
    () => form.current,
  );
  // The Form's methods are arrow-function fields: spreading the instance copies them, bound.
  return useMemo(() => ({ ...form, ...state }), [state, form]);
}
