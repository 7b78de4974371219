import type { ReactNode } from 'react';
import { usePage } from './usePage';

export interface DeferredProps {
  /** Prop key(s) the server sends later (page.deferredProps). */
  data: string | string[];
  fallback: ReactNode;
  children: ReactNode | (() => ReactNode);
}

/** Shows `fallback` until every listed prop has arrived, then the children. */
export function Deferred({ data, fallback, children }: DeferredProps) {
  const { props } = usePage();
  const ready = ([] as string[]).concat(data).every((key) => props[key] !== undefined);
  return ready ? (typeof children === 'function' ? children() : children) : fallback;
}
