import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Ltr } from './Ltr';

afterEach(cleanup);

describe('Ltr', () => {
  it('isolates a Latin fragment left to right in monospace', () => {
    render(
      <p>
        آدرس اتصال: <Ltr>185.20.14.7:33891</Ltr>
      </p>,
    );
    const fragment = screen.getByText('185.20.14.7:33891');
    expect(fragment.getAttribute('dir')).toBe('ltr');
    expect(fragment.className).toContain('font-mono');
  });

  it('can keep the text font for names', () => {
    render(<Ltr mono={false}>RTX 4090</Ltr>);
    expect(screen.getByText('RTX 4090').className).not.toContain('font-mono');
  });
});
