import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

function Probe() {
  return <p>{useMediaQuery('(min-width: 64rem)') ? 'wide' : 'narrow'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('is false without matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
  });

  it('follows the query as it changes', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      media: query,
      get matches() {
        return matches;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
    act(() => {
      matches = true;
      for (const listener of listeners) listener();
    });
    expect(screen.getByText('wide')).toBeTruthy();
  });
});
