import type { BlogProps } from '@server/modules/content/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';

const POST = {
  slug: 'vray-vs-corona',
  title: 'وی‌ری یا کرونا؟',
  excerpt: 'مقایسهٔ دو موتور رندر.',
  published_at: '2026-03-20T20:30:00Z',
};
const BASE: BlogProps = {
  items: { data: [POST], meta: { current_page: 1, last_page: 1, per_page: 9, total: 1 } },
  featured: null,
  folders: [{ id: 1, slug: 'news', name: 'اخبار و مقالات', parent_id: null, description: '' }],
  filters: { q: '', folder: null },
};

afterEach(cleanup);

describe('Public/Blog', () => {
  it('lists posts with Jalali dates, folders and a search box', async () => {
    await renderPage('Public/Blog', BASE);
    await waitFor(() => expect(document.title).toBe('وبلاگ | رندر فارم ابری'));
    const link = screen.getByRole('link', { name: 'وی‌ری یا کرونا؟' });
    expect(link.getAttribute('href')).toBe('/blog/vray-vs-corona');
    // 20:30 UTC on 20 March is already 1 Farvardin in Tehran.
    expect(document.querySelector('time[datetime="2026-03-20T20:30:00Z"]')?.textContent).toContain(
      'فروردین ۱۴۰۵',
    );
    expect(screen.getByRole('link', { name: 'اخبار و مقالات' }).getAttribute('href')).toBe(
      '/blog?folder=news',
    );
    expect(screen.getByRole('searchbox', { name: 'جستجو در وبلاگ' })).toBeTruthy();
  });

  it('a page past the last shows an empty state with the way back', async () => {
    await renderPage('Public/Blog', {
      ...BASE,
      items: { data: [], meta: { current_page: 7, last_page: 1, per_page: 9, total: 1 } },
    });
    await screen.findByText('مطلبی با این مشخصات پیدا نشد');
    expect(screen.getByRole('link', { name: 'همهٔ مطالب' }).getAttribute('href')).toBe('/blog');
    // «قبلی» leads back towards the list.
    expect(screen.getByRole('link', { name: /قبلی/ }).getAttribute('href')).toBe('/blog?page=6');
  });
});
