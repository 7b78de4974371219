// @vitest-environment node
// The server has no DOM: rendering must not need one.
import type { Page } from '@renderfarm/router';
import { lazy, type ReactNode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { Head } from './Head';
import { Link } from './Link';
import { renderPage } from './server';
import { usePage } from './usePage';

const page = (component: string, props: Record<string, unknown> = {}): Page => ({
  component,
  props: { errors: {}, ...props },
  url: '/blog/first',
  version: 'v1',
});

function Post({ title, body }: { title: string; body: string }) {
  return (
    <article>
      <Head title={title}>
        <meta name="description" content={body} />
      </Head>
      <h1>{title}</h1>
      <p>{body}</p>
      <Link href="/blog">همهٔ نوشته‌ها</Link>
    </article>
  );
}
function Layout({ children }: { children?: ReactNode }) {
  const { url } = usePage();
  return (
    <div data-url={url}>
      <nav>رندر فارم</nav>
      {children}
    </div>
  );
}
Post.layout = [Layout];

const LazyPart = lazy(async () => ({ default: () => <p>بخش تنبل</p> }));
const BrokenPart = () => {
  throw new Error('boom inside Suspense');
};

const pages: Record<string, unknown> = {
  // A React.lazy part under Suspense (the editor, the header's account menu): waited for.
  WithLazy: () => (
    <Suspense fallback={<p>در حال بارگذاری</p>}>
      <LazyPart />
    </Suspense>
  ),
  WithBrokenPart: () => (
    <Suspense fallback={<p>در حال بارگذاری</p>}>
      <BrokenPart />
    </Suspense>
  ),
  Post,
  // As `import('./pages/X.tsx')` gives it: a module whose default export is the page.
  Module: Promise.resolve({ default: () => <p>از ماژول</p> }),
  Broken: () => {
    throw new Error('boom on the server');
  },
};
const resolve = (name: string) => pages[name];

describe('renderPage', () => {
  it('renders the page inside its layout, with the props, usePage and links', async () => {
    const { body } = await renderPage(page('Post', { title: 'نوشتهٔ اول', body: 'متن <نوشته>' }), {
      resolve,
    });
    expect(body).toContain('<nav>رندر فارم</nav>');
    expect(body).toContain('<h1>نوشتهٔ اول</h1>');
    expect(body).toContain('<p>متن &lt;نوشته&gt;</p>');
    expect(body).toContain('data-url="/blog/first"');
    expect(body).toContain('<a href="/blog">همهٔ نوشته‌ها</a>');
    // Head elements leave the body for <head>.
    expect(body).not.toContain('<meta');
    expect(body).not.toContain('rf-ssr-start');
  });

  it('collects the title through the template and the Head elements, escaped', async () => {
    const { head } = await renderPage(page('Post', { title: 'A & <B>', body: 'خلاصه' }), {
      resolve,
      title: (title) => `${title} | رندر فارم ابری`,
    });
    expect(head).toEqual([
      '<title>A &amp; &lt;B&gt; | رندر فارم ابری</title>',
      '<meta name="description" content="خلاصه"/>',
    ]);
  });

  it('gives no title when no Head sets one, and unwraps ES modules', async () => {
    const rendered = await renderPage(page('Module'), { resolve });
    expect(rendered).toEqual({ head: [], body: '<p>از ماژول</p>' });
  });

  it('rejects when the page throws, so the caller can fall back to the browser', async () => {
    await expect(renderPage(page('Broken'), { resolve })).rejects.toThrow('boom on the server');
  });

  it('waits for lazy parts, so the browser hydrates the whole page rather than render it again', async () => {
    const { body } = await renderPage(page('WithLazy'), { resolve });
    expect(body).toContain('<p>بخش تنبل</p>');
    expect(body).not.toContain('در حال بارگذاری');
  });

  it('rejects when a part under Suspense throws, rather than leave that part to the browser', async () => {
    await expect(renderPage(page('WithBrokenPart'), { resolve })).rejects.toThrow('boom inside Suspense');
  });

  it('keeps each render its own title when renders interleave (a lazy part holds one back)', async () => {
    const later = lazy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { default: () => <Head title="دیرتر" /> };
    });
    const Later = later;
    const resolveBoth = (name: string) =>
      name === 'Slow'
        ? () => (
            <Suspense fallback={null}>
              <Later />
            </Suspense>
          )
        : () => <Head title="زودتر" />;
    const [slow, quick] = await Promise.all([
      renderPage(page('Slow'), { resolve: resolveBoth, title: (title) => `${title} | کند` }),
      renderPage(page('Quick'), { resolve: resolveBoth, title: (title) => `${title} | تند` }),
    ]);
    expect(slow.head).toEqual(['<title>دیرتر | کند</title>']);
    expect(quick.head).toEqual(['<title>زودتر | تند</title>']);
  });

  it('shows «Page not found» for an unknown component, as the browser would', async () => {
    const { body } = await renderPage(page('Nope'), { resolve });
    expect(body).toContain('Page not found');
    expect(body).toContain('Nope');
  });
});
