import { cleanupApp, createMockServer, page, redirect, renderApp } from '@renderfarm/testing';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { pages } from '.';

const sent: string[] = [];
const server = createMockServer({ version: '1' })
  .get('/contact', () => page('Contact', { subjects: ['صورت‌حساب', 'فنی'] }))
  .get('/thanks', () => page('Thanks', { sent: sent.length }))
  .post(
    '/contact',
    ({ data }) => {
      sent.push(String(data.message));
      return redirect('/thanks');
    },
    { validate: (data) => (data.message ? undefined : { message: 'پیام را بنویسید.' }) },
  );

beforeAll(() => server.listen());
afterEach(() => {
  cleanupApp();
  server.reset();
});
afterAll(() => server.close());

it('shows the validation error, then sends and lands on the thanks page', async () => {
  await renderApp({ url: '/contact', pages });
  fireEvent.click(screen.getByText('فرستادن'));
  expect((await screen.findByRole('alert')).textContent).toBe('پیام را بنویسید.');

  fireEvent.change(screen.getByLabelText('پیام'), { target: { value: 'رندر کند است' } });
  fireEvent.click(screen.getByText('فرستادن'));
  expect(await screen.findByText('پیام‌های فرستاده: 1')).toBeTruthy();
  expect(window.location.pathname).toBe('/thanks');
  expect(sent).toEqual(['رندر کند است']);
});

it('a link visit shows the next page without a full load', async () => {
  const app = await renderApp({ url: '/contact', pages });
  fireEvent.click(screen.getByText('پیام‌های فرستاده'));
  expect(await screen.findByText(/پیام‌های فرستاده: \d/)).toBeTruthy();
  expect(app.page().component).toBe('Thanks');
  expect(server.requests.at(-1)?.headers['x-inertia']).toBe('true');
});
