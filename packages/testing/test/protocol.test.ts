import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  always,
  createMockServer,
  defer,
  external,
  merge,
  optional,
  page,
  redirect,
  validationError,
} from '../src';

// The wire rules of docs/protocol.md, checked on raw requests: what any client would see.
const mock = createMockServer({ version: 'v1', shared: { app: 'رندر فارم' } });
let usersListed = 0;
mock
  .get('/', () => page('Home', { greeting: 'سلام </script>' }))
  .get('/users', () =>
    page('Users/Index', {
      users: merge(() => {
        usersListed++;
        return [{ id: 1 }];
      }),
      feed: merge([{ id: 9 }], 'prepend'),
      settings: merge({ a: { b: 1 } }, 'deep'),
      stats: defer(() => ({ total: 3 })),
      chart: defer(() => [1, 2], 'charts'),
      audit: optional(() => ['log']),
      auth: always({ name: 'مینا' }),
      filters: { q: '' },
    }),
  )
  .post('/users', ({ data }) =>
    data.name ? redirect('/users') : validationError({ name: 'نام را بنویسید.', email: 'ایمیل درست نیست.' }),
  )
  .put('/users/:id', ({ params }) => redirect(`/users/${params.id}`))
  .get('/away', () => external('https://bank.example/pay'))
  .post('/signup', () => redirect('/'), {
    validate: (data) => {
      const errors: Record<string, string> = {};
      if (!data.name) errors.name = 'نام را بنویسید.';
      if (!String(data.email ?? '').includes('@')) errors.email = 'ایمیل درست نیست.';
      return errors;
    },
  });

beforeAll(() => mock.listen());
afterEach(() => {
  mock.reset();
  mock.version = 'v1';
});
afterAll(() => mock.close());

const visit = (extra: Record<string, string> = {}) => ({
  'X-Inertia': 'true',
  'X-Requested-With': 'XMLHttpRequest',
  'X-Inertia-Version': 'v1',
  ...extra,
});
const url = (path: string) => new URL(path, window.location.href).href;
const json = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  fetch(url(path), { ...init, headers: { 'Content-Type': 'application/json', ...headers } });

describe('pages', () => {
  it('a first load gets the HTML shell with the page JSON, every / escaped', async () => {
    const response = await fetch(url('/'));
    const html = await response.text();
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(html).toContain('<html lang="fa" dir="rtl">');
    expect(html).toContain('<title>رندر فارم ابری</title>');
    expect(html).toContain('<meta name="csrf-token"');
    expect(html).toContain('<div id="app"></div>');
    const script = /<script data-page="app" type="application\/json">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).not.toContain('</');
    expect(JSON.parse(script)).toEqual({
      component: 'Home',
      props: { app: 'رندر فارم', greeting: 'سلام </script>', errors: {} },
      url: '/',
      version: 'v1',
    });
  });

  it('a visit gets the page object as JSON with X-Inertia and Vary', async () => {
    const response = await fetch(url('/users?page=2'), { headers: visit() });
    expect(response.headers.get('X-Inertia')).toBe('true');
    expect(response.headers.get('Vary')).toBe('X-Inertia');
    const body = await response.json();
    expect(body).toMatchObject({ component: 'Users/Index', url: '/users?page=2', version: 'v1' });
    expect(Object.keys(body.props).sort()).toEqual([
      'app',
      'auth',
      'errors',
      'feed',
      'filters',
      'settings',
      'users',
    ]);
    expect(body.deferredProps).toEqual({ default: ['stats'], charts: ['chart'] });
    expect(body.mergeProps).toEqual(['users']);
    expect(body.prependProps).toEqual(['feed']);
    expect(body.deepMergeProps).toEqual(['settings']);
  });

  it('a visit with a stale version gets 409 and X-Inertia-Location to the same URL', async () => {
    mock.version = 'v2';
    const response = await fetch(url('/users'), { headers: visit() });
    expect(response.status).toBe(409);
    expect(response.headers.get('X-Inertia-Location')).toBe(url('/users'));
  });
});

describe('partial reloads', () => {
  const partial = (headers: Record<string, string>) =>
    fetch(url('/users'), {
      headers: visit({ 'X-Inertia-Partial-Component': 'Users/Index', ...headers }),
    }).then((r) => r.json());

  it('Partial-Data sends only the props named (deferred and optional ones too) and the always ones', async () => {
    const body = await partial({ 'X-Inertia-Partial-Data': 'stats,audit' });
    expect(body.props).toEqual({ stats: { total: 3 }, audit: ['log'], auth: { name: 'مینا' }, errors: {} });
    expect(body.deferredProps).toBeUndefined();
  });

  it('a prop left out is never evaluated', async () => {
    usersListed = 0;
    await partial({ 'X-Inertia-Partial-Data': 'filters' });
    expect(usersListed).toBe(0);
  });

  it('Partial-Except sends everything else the page has', async () => {
    const body = await partial({ 'X-Inertia-Partial-Except': 'users,feed,settings,filters,app' });
    expect(Object.keys(body.props).sort()).toEqual(['audit', 'auth', 'chart', 'errors', 'stats']);
  });

  it('headers naming another component get the whole page', async () => {
    const body = await fetch(url('/users'), {
      headers: visit({ 'X-Inertia-Partial-Component': 'Home', 'X-Inertia-Partial-Data': 'stats' }),
    }).then((r) => r.json());
    expect(body.props.stats).toBeUndefined();
    expect(body.props.users).toEqual([{ id: 1 }]);
  });

  it('X-Inertia-Reset leaves a merge prop out of the merge lists', async () => {
    const body = await partial({ 'X-Inertia-Partial-Data': 'users,feed', 'X-Inertia-Reset': 'users' });
    expect(body.mergeProps).toBeUndefined();
    expect(body.prependProps).toEqual(['feed']);
  });
});

describe('redirects and validation', () => {
  it('a redirect after PUT is 303, after GET 302', async () => {
    const put = await json('/users/7', visit(), { method: 'PUT', body: '{}', redirect: 'manual' });
    expect(put.status).toBe(303);
    expect(put.headers.get('Location')).toBe('/users/7');
    mock.get('/old', () => redirect('/new'));
    const get = await fetch(url('/old'), { headers: visit(), redirect: 'manual' });
    expect(get.status).toBe(302);
  });

  it('an external redirect is 409 + X-Inertia-Location to a visit, a plain 302 to a first load', async () => {
    const response = await fetch(url('/away'), { headers: visit() });
    expect(response.status).toBe(409);
    expect(response.headers.get('X-Inertia-Location')).toBe('https://bank.example/pay');
    const plain = await fetch(url('/away'), { redirect: 'manual' });
    expect(plain.status).toBe(302);
  });

  it('failed validation redirects back with 303 and the next page has the errors, once', async () => {
    await fetch(url('/users'), { headers: visit() });
    const post = await json('/users', visit(), { method: 'POST', body: '{}', redirect: 'manual' });
    expect(post.status).toBe(303);
    expect(post.headers.get('Location')).toBe('/users');
    const next = await fetch(url('/users'), { headers: visit() }).then((r) => r.json());
    expect(next.props.errors).toEqual({ name: 'نام را بنویسید.', email: 'ایمیل درست نیست.' });
    const after = await fetch(url('/users'), { headers: visit() }).then((r) => r.json());
    expect(after.props.errors).toEqual({});
  });

  it('X-Inertia-Error-Bag puts the errors under the bag', async () => {
    await json('/users', visit({ 'X-Inertia-Error-Bag': 'createUser' }), {
      method: 'POST',
      body: '{}',
      redirect: 'manual',
    });
    const next = await fetch(url('/'), { headers: visit() }).then((r) => r.json());
    expect(next.props.errors).toEqual({ createUser: { name: 'نام را بنویسید.', email: 'ایمیل درست نیست.' } });
  });

  it('the route sees a multipart body over the query', async () => {
    let seen: Record<string, unknown> = {};
    mock.post('/uploads', ({ data }) => {
      seen = data;
      return redirect('/');
    });
    const form = new FormData();
    form.append('title', 'صحنه');
    // XHR, as the router sends a form that holds a file.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url('/uploads?folder=7'));
    xhr.setRequestHeader('X-Inertia', 'true');
    await new Promise((done) => {
      xhr.onloadend = done;
      xhr.send(form);
    });
    expect(seen.folder).toBe('7');
    expect(seen.title).toBe('صحنه');
  });

  it('the route sees the JSON body and records the request', async () => {
    const response = await json('/users', visit(), {
      method: 'POST',
      body: '{"name":"مینا"}',
      redirect: 'manual',
    });
    expect(response.headers.get('Location')).toBe('/users');
    expect(mock.requests.at(-1)).toMatchObject({ method: 'POST', url: '/users', data: { name: 'مینا' } });
  });
});

describe('precognition', () => {
  const precognitive = (body: unknown, only?: string) =>
    json(
      '/signup',
      { Precognition: 'true', ...(only ? { 'Precognition-Validate-Only': only } : {}) },
      {
        method: 'POST',
        body: JSON.stringify(body),
        redirect: 'manual',
      },
    );

  it('Validate-Only answers 422 with only the fields named', async () => {
    const response = await precognitive({ name: '', email: 'x' }, 'email');
    expect(response.status).toBe(422);
    expect(response.headers.get('Precognition')).toBe('true');
    expect((await response.json()).errors).toEqual({ email: ['ایمیل درست نیست.'] });
  });

  it('204 with Precognition-Success when the fields named pass, even if others fail', async () => {
    const response = await precognitive({ name: 'مینا', email: 'x' }, 'name');
    expect(response.status).toBe(204);
    expect(response.headers.get('Precognition-Success')).toBe('true');
  });

  it('without Validate-Only every field is checked, and the handler never runs', async () => {
    const failing = await precognitive({});
    expect(Object.keys((await failing.json()).errors)).toEqual(['name', 'email']);
    const passing = await precognitive({ name: 'مینا', email: 'm@x.ir' });
    expect(passing.status).toBe(204);
    expect(passing.headers.get('Location')).toBeNull();
  });

  it('a real submit of the same route validates and then redirects', async () => {
    const response = await json('/signup', visit(), {
      method: 'POST',
      body: JSON.stringify({ name: 'مینا', email: 'm@x.ir' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/');
  });
});
