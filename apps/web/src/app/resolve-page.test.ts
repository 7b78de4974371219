import { describe, expect, it } from 'vitest';
import AuthLayout from '../layouts/AuthLayout';
import PublicLayout from '../layouts/PublicLayout';
import { PageNotFoundError, resolvePage } from './resolve-page';

describe('resolvePage', () => {
  it('loads a page with the layout of its area', async () => {
    const Home = await resolvePage('Public/Home');
    expect(Home.layout).toEqual([PublicLayout]);
  });

  it('fails with a coded error for a name the build does not have', async () => {
    await expect(resolvePage('Admin/Nope')).rejects.toBeInstanceOf(PageNotFoundError);
    await expect(resolvePage('Admin/Nope')).rejects.toMatchObject({ code: 'WEB_ERR_PAGE_NOT_FOUND' });
  });

  it('does not treat a page part or a test as a page', async () => {
    await expect(resolvePage('Public/Home/parts/Hero')).rejects.toBeInstanceOf(PageNotFoundError);
    await expect(resolvePage('Public/Home.test')).rejects.toBeInstanceOf(PageNotFoundError);
  });

  it('honours a layout the page names itself, and no layout for null', async () => {
    const Blank = await resolvePage('Public/Blank');
    const declared = Blank.layout;
    try {
      Blank.layout = 'auth';
      expect((await resolvePage('Public/Blank')).layout).toEqual([AuthLayout]);
      Blank.layout = null;
      expect((await resolvePage('Public/Blank')).layout).toBeNull();
    } finally {
      Blank.layout = declared;
    }
  });
});
