import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';

afterEach(cleanup);

describe('Public/Blank', () => {
  it('explains a 404 in Persian with links home and back', async () => {
    await renderPage('Public/Blank', { status: 404 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('صفحه پیدا نشد');
    expect(screen.getByText('خطای ۴۰۴')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رفتن به صفحه اصلی' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'بازگشت به صفحه قبل' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('صفحه پیدا نشد | رندر فارم ابری'));
  });

  it('prefers the message the server sent', async () => {
    await renderPage('Public/Blank', { status: 403, message: 'این تیکت متعلق به شما نیست.' });
    expect(screen.getByText('این تیکت متعلق به شما نیست.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('دسترسی ندارید');
  });

  it('falls back to the server-error text for an unknown status', async () => {
    await renderPage('Public/Blank', { status: 418 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('خطایی پیش آمد');
  });
});
