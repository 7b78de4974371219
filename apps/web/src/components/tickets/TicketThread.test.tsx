import { App } from '@renderfarm/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pageObject } from '../../test/sample-page';
import { TicketThread } from './TicketThread';

afterEach(cleanup);

/** One customer message at 09:05 Tehran time. */
function Thread() {
  return (
    <TicketThread
      viewer="customer"
      messages={[
        {
          id: 1,
          author: 'customer',
          author_name: null,
          body: 'سرور روشن نمی‌شود',
          created_at: '2026-11-24T05:35:00.000Z',
          attachments: [],
        },
      ]}
    />
  );
}

describe('TicketThread', () => {
  it('shows each message with its day and time of day (Tehran)', () => {
    render(
      <App
        initialPage={pageObject('Test/Page', {})}
        initialComponent={Thread}
        resolveComponent={() => Thread}
      />,
    );
    const time = screen
      .getByText(/سرور روشن نمی‌شود/)
      .closest('li')!
      .querySelector('time')!;
    expect(time.textContent).toContain('۰۹:۰۵');
  });
});
