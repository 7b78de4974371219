import { App } from '@renderfarm/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pageObject } from '../../test/sample-page';
import { TicketThread } from './TicketThread';

afterEach(cleanup);

describe('TicketThread', () => {
  it('shows each message with its day and time of day (Tehran)', async () => {
    const Page = () => (
      <TicketThread
        viewer="customer"
        messages={[
          {
            id: 1,
            author: 'customer',
            author_name: null,
            body: 'سرور روشن نمی‌شود',
            // 09:05 in Tehran.
            created_at: '2026-11-24T05:35:00.000Z',
            attachments: [],
          },
        ]}
      />
    );
    render(
      <App initialPage={pageObject('Test/Page', {})} initialComponent={Page} resolveComponent={() => Page} />,
    );
    const time = screen
      .getByText(/سرور روشن نمی‌شود/)
      .closest('li')!
      .querySelector('time')!;
    expect(time.textContent).toContain('۰۹:۰۵');
  });
});
