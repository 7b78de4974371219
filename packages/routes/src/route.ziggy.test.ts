/**
 * Ziggy 2's own JavaScript test cases (tighten/ziggy tests/js/route.test.js, v2.3.1), ported as
 * behaviour: the same route list, the same calls, the same expected URLs, answers and error texts.
 * Ziggy drives jsdom's `window.location` and a global `Ziggy`; here Node gets a plain `window`
 * object with a `location`, which is all the resolver reads.
 */
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { route } from './route';
import type { RoutesConfig } from './types';

const GET: ['GET', 'HEAD'] = ['GET', 'HEAD'];
const base: RoutesConfig = {
  url: 'https://ziggy.dev',
  port: null,
  defaults: { locale: 'en' },
  routes: {
    home: { uri: '/', methods: GET },
    'posts.index': { uri: 'posts', methods: GET },
    'posts.show': { uri: 'posts/{post}', methods: GET, bindings: { post: 'id' } },
    'posts.update': { uri: 'posts/{post}', methods: ['PUT'], bindings: { post: 'id' } },
    'postComments.show': {
      uri: 'posts/{post}/comments/{comment}',
      methods: GET,
      bindings: { post: 'id', comment: 'uuid' },
    },
    'translatePosts.index': { uri: '{locale}/posts', methods: GET },
    'translatePosts.show': { uri: '{locale}/posts/{id}', methods: GET },
    'translatePosts.update': { uri: '{locale}/posts/{post}', methods: ['PUT', 'PATCH'] },
    'events.venues-index': { uri: 'events/{event}/venues-index', methods: GET, bindings: { event: 'id' } },
    'events.venues.index': { uri: 'events/{event}/venues', methods: GET, bindings: { event: 'id' } },
    'events.venues.show': {
      uri: 'events/{event}/venues/{venue}',
      methods: GET,
      bindings: { event: 'id', venue: 'id' },
    },
    'events.venues.update': { uri: 'events/{event}/venues/{venue}', methods: ['PUT', 'PATCH'] },
    'translateEvents.venues.show': {
      uri: '{locale}/events/{event}/venues/{venue}',
      methods: GET,
      bindings: { event: 'id', venue: 'id' },
    },
    'conversations.show': {
      uri: 'subscribers/{subscriber}/conversations/{type}/{conversation_id?}',
      methods: GET,
    },
    optional: { uri: 'optional/{id}/{slug?}', methods: GET },
    optionalId: { uri: 'optionalId/{type}/{id?}', methods: GET },
    'team.user.show': { uri: 'users/{id}', methods: GET, domain: '{team}.ziggy.dev' },
    'translateTeam.user.show': { uri: '{locale}/users/{id}', methods: GET, domain: '{team}.ziggy.dev' },
    'products.show': { uri: '{country?}/{language?}/products/{id}', methods: GET },
    'hosting-contacts.index': { uri: 'hosting-contacts', methods: GET },
    'pages.optional': { uri: 'optionalpage/{page?}', methods: GET },
    'pages.optionalExtension': { uri: 'download/file{extension?}', methods: GET },
    'pages.requiredExtension': { uri: 'strict-download/file{extension}', methods: GET },
    'pages.optionalWhere': { uri: 'where/optionalpage/{page?}', methods: GET, wheres: { page: '[0-9]+' } },
    'pages.optionalExtensionWhere': {
      uri: 'where/download/file{extension?}',
      methods: GET,
      wheres: { extension: '\\.(php|html)' },
    },
    'pages.requiredExtensionWhere': {
      uri: 'where/strict-download/file{extension}',
      methods: GET,
      wheres: { extension: '\\.(php|html)' },
    },
    'pages.complexWhere': {
      uri: 'where/{word}-{digit}/{required}/{optional?}/file{extension?}',
      methods: GET,
      wheres: {
        word: '[a-z_-]+',
        digit: '[0-9]+',
        required: 'required',
        optional: 'optional',
        extension: '\\.(php|html)',
      },
    },
    'pages.complexWhereConflict1': {
      uri: 'where/{digit}-{word}/{required}/{optional?}/file{extension?}',
      methods: GET,
      wheres: {
        word: '[a-z_-]+',
        digit: '[0-9]+',
        required: 'required',
        optional: 'optional',
        extension: '\\.(php|html)',
      },
    },
    'pages.complexWhereConflict2': {
      uri: 'where/complex-{digit}/{required}/{optional?}/file{extension?}',
      methods: GET,
      wheres: {
        digit: '[0-9]+',
        required: 'different_but_required',
        optional: 'optional',
        extension: '\\.(php|html)',
      },
    },
    statistics: { uri: 'статистика', methods: GET },
    pages: { uri: '{page}', methods: GET },
    slashes: { uri: 'slashes/{encoded}/{slug}', methods: GET, wheres: { slug: '.*' } },
    slashesOtherRegex: { uri: 'slashes/{encoded}/{slug}', methods: GET, wheres: { slug: '.+' } },
    catalog: {
      uri: '{catalog_uri}',
      methods: GET,
      wheres: { catalog_uri: '^/p/.+$' },
      parameters: ['catalog_uri'],
    },
    'catalog-path': {
      uri: 'catalog/{catalog_uri}',
      methods: GET,
      wheres: { catalog_uri: '^/p/.+$' },
      parameters: ['catalog_uri'],
    },
    'catalog-domain': {
      uri: '{catalog_uri}',
      methods: GET,
      domain: 'catalog.ziggy.dev',
      wheres: { catalog_uri: '^/p/.+$' },
      parameters: ['catalog_uri'],
    },
    'catalog-domain-path': {
      uri: 'catalog/{catalog_uri}',
      methods: GET,
      domain: 'catalog.ziggy.dev',
      wheres: { catalog_uri: '^/p/.+$' },
      parameters: ['catalog_uri'],
    },
    'catalog-domain-param': {
      uri: '{catalog_uri}',
      methods: GET,
      domain: '{storefront}.ziggy.dev',
      wheres: { catalog_uri: '^/p/.+$' },
      parameters: ['storefront', 'catalog_uri'],
    },
    'catalog-domain-param-path': {
      uri: 'catalog/{catalog_uri}',
      methods: GET,
      domain: '{storefront}.ziggy.dev',
      wheres: { catalog_uri: '^/p/.+$' },
      parameters: ['storefront', 'catalog_uri'],
    },
    regexSpecialChars: { uri: 'test.*+$()[]/{slug}', methods: GET },
  },
};

type Loc = { host?: string; pathname?: string; search?: string; href?: string; protocol?: string };
const g = globalThis as unknown as { Ziggy?: RoutesConfig; window?: { location: Loc } };
let location: Loc;
let Ziggy: RoutesConfig;
const savedWindow = g.window;

beforeEach(() => {
  location = { host: 'ziggy.dev' };
  g.window = { location };
  Ziggy = { ...base, defaults: { ...base.defaults } };
  g.Ziggy = Ziggy;
});
afterAll(() => {
  g.window = savedWindow;
  delete g.Ziggy;
});

describe('route()', () => {
  test('no parameters, default parameters, relative URLs', () => {
    expect(route('posts.index')).toBe('https://ziggy.dev/posts');
    expect(route('translatePosts.index')).toBe('https://ziggy.dev/en/posts');
    expect(route('posts.index', [], false)).toBe('/posts');
    expect(route('translatePosts.index', [], false)).toBe('/en/posts');
  });

  test('filled optional parameters, absolute and relative', () => {
    const params = { type: 'email', subscriber: 123, conversation_id: 1234 };
    expect(route('conversations.show', params)).toBe(
      'https://ziggy.dev/subscribers/123/conversations/email/1234',
    );
    expect(route('conversations.show', params, false)).toBe('/subscribers/123/conversations/email/1234');
  });

  test('errors when a required parameter is missing', () => {
    expect(() => route('posts.show')).toThrow(
      "Ziggy error: 'post' parameter is required for route 'posts.show'.",
    );
    expect(() => route('translatePosts.show')).toThrow(/'id' parameter is required/);
    Ziggy.defaults = {};
    expect(() => route('translatePosts.index')).toThrow(/'locale' parameter is required/);
  });

  test('an integer, a string, an object, an array', () => {
    expect(route('posts.show', 1)).toBe('https://ziggy.dev/posts/1');
    expect(route('translatePosts.show', 1)).toBe('https://ziggy.dev/en/posts/1');
    expect(route('posts.show', 'my-first-post')).toBe('https://ziggy.dev/posts/my-first-post');
    expect(route('translatePosts.show', 'my-first-post')).toBe('https://ziggy.dev/en/posts/my-first-post');
    expect(route('posts.show', { id: 1 })).toBe('https://ziggy.dev/posts/1');
    expect(route('events.venues.show', { event: 1, venue: 2 })).toBe('https://ziggy.dev/events/1/venues/2');
    expect(route('optionalId', { type: 'model', id: 1 })).toBe('https://ziggy.dev/optionalId/model/1');
    expect(route('translateEvents.venues.show', { event: 1, venue: 2 })).toBe(
      'https://ziggy.dev/en/events/1/venues/2',
    );
    expect(route('posts.show', [1])).toBe('https://ziggy.dev/posts/1');
    expect(route('events.venues.show', [1, 2])).toBe('https://ziggy.dev/events/1/venues/2');
    expect(route('events.venues.show', [1, 'coliseum'])).toBe('https://ziggy.dev/events/1/venues/coliseum');
    expect(route('translatePosts.show', [1])).toBe('https://ziggy.dev/en/posts/1');
    expect(route('translateEvents.venues.show', [1, 2])).toBe('https://ziggy.dev/en/events/1/venues/2');
  });

  test('arrays of objects and of integers and objects', () => {
    const event = { id: 1, name: 'World Series' };
    const venue = { id: 2, name: 'Rogers Centre' };
    expect(route('events.venues.show', [event, venue])).toBe('https://ziggy.dev/events/1/venues/2');
    expect(route('translateEvents.venues.show', [event, venue])).toBe(
      'https://ziggy.dev/en/events/1/venues/2',
    );
    expect(route('events.venues.show', [1, venue])).toBe('https://ziggy.dev/events/1/venues/2');
    expect(route('translateEvents.venues.show', [1, venue])).toBe('https://ziggy.dev/en/events/1/venues/2');
  });

  test('domain parameters', () => {
    expect(route('team.user.show', { team: 'tighten', id: 1 })).toBe('https://tighten.ziggy.dev/users/1');
    expect(route('translateTeam.user.show', { team: 'tighten', id: 1 })).toBe(
      'https://tighten.ziggy.dev/en/users/1',
    );
  });

  test('custom route model binding keys, falling back to id', () => {
    expect(
      route('postComments.show', [
        { id: 1, title: 'Post' },
        { uuid: 12345, title: 'Comment' },
      ]),
    ).toBe('https://ziggy.dev/posts/1/comments/12345');
    expect(route('postComments.show', [1, { uuid: 'correct-horse-etc-etc' }])).toBe(
      'https://ziggy.dev/posts/1/comments/correct-horse-etc-etc',
    );
    expect(route('translatePosts.update', { id: 14 })).toBe('https://ziggy.dev/en/posts/14');
    expect(route('translatePosts.update', [{ id: 14 }])).toBe('https://ziggy.dev/en/posts/14');
    expect(route('events.venues.update', [{ id: 10 }, { id: 1 }])).toBe(
      'https://ziggy.dev/events/10/venues/1',
    );
  });

  test('an app in a subfolder', () => {
    Ziggy.url = 'https://ziggy.dev/subfolder';
    expect(route('postComments.show', [1, { uuid: 'correct-horse-etc-etc' }])).toBe(
      'https://ziggy.dev/subfolder/posts/1/comments/correct-horse-etc-etc',
    );
  });

  test('errors when a binding key is missing', () => {
    expect(() => route('postComments.show', [1, { count: 20 }])).toThrow(
      "Ziggy error: object passed as 'comment' parameter is missing route model binding key 'uuid'.",
    );
  });

  test('root path', () => {
    expect(route('home')).toBe('https://ziggy.dev');
    expect(route('home', undefined, false)).toBe('/');
  });

  test('optional parameters can be left out', () => {
    expect(route('optional', { id: 123 })).toBe('https://ziggy.dev/optional/123');
    expect(route('optional', { id: 123, slug: 'news' })).toBe('https://ziggy.dev/optional/123/news');
    expect(route('optional', { id: 123, slug: null })).toBe('https://ziggy.dev/optional/123');
    expect(route('pages.optional')).toBe('https://ziggy.dev/optionalpage');
    expect(route('pages.optional', {})).toBe('https://ziggy.dev/optionalpage');
    expect(route('pages.optional', undefined)).toBe('https://ziggy.dev/optionalpage');
    expect(route('pages.optional', null)).toBe('https://ziggy.dev/optionalpage');
  });

  test('missing optional parameter in the first path segment (as Laravel)', () => {
    expect(route('products.show', { country: 'ca', language: 'fr', id: 1 })).toBe(
      'https://ziggy.dev/ca/fr/products/1',
    );
    expect(route('products.show', { country: 'ca', id: 1 })).toBe('https://ziggy.dev/ca//products/1');
    expect(route('products.show', { id: 1 })).toBe('https://ziggy.dev//products/1');
    expect(route('products.show', { language: 'fr', id: 1 })).toBe('https://ziggy.dev/fr/products/1');
  });

  test('errors on an unknown name', () => {
    expect(() => route('unknown-route')).toThrow(
      "Ziggy error: route 'unknown-route' is not in the route list.",
    );
  });

  test('extra parameters go to the query string; nulls are dropped; booleans become 1/0', () => {
    expect(route('events.venues.show', { event: 1, venue: 2, search: 'rogers', page: 2 })).toBe(
      'https://ziggy.dev/events/1/venues/2?search=rogers&page=2',
    );
    expect(route('events.venues.show', { id: 2, event: 1, venue: 2, search: 'rogers' })).toBe(
      'https://ziggy.dev/events/1/venues/2?id=2&search=rogers',
    );
    expect(route('posts.index', { filled: 'filling', empty: null })).toBe(
      'https://ziggy.dev/posts?filled=filling',
    );
    expect(route('posts.show', { post: 1, preview: true })).toBe('https://ziggy.dev/posts/1?preview=1');
  });

  test('_query sets the query string explicitly and wins', () => {
    expect(route('events.venues.show', { event: 1, venue: 2, _query: { event: 4, venue: 2 } })).toBe(
      'https://ziggy.dev/events/1/venues/2?event=4&venue=2',
    );
    expect(
      route('events.venues.show', {
        event: { id: 4, name: 'Fun Event' },
        _query: { event: 9, id: 12 },
        venue: 2,
      }),
    ).toBe('https://ziggy.dev/events/4/venues/2?event=9&id=12');
  });

  test('a port', () => {
    Ziggy.url = 'https://ziggy.dev:81';
    Ziggy.port = 81;
    expect(route('posts.index')).toBe('https://ziggy.dev:81/posts');
    expect(route('team.user.show', { team: 'tighten', id: 1 })).toBe('https://tighten.ziggy.dev:81/users/1');
  });

  test('trailing path segments in the base URL, and query encoding', () => {
    Ziggy.url = 'https://test.thing/ab/cd';
    expect(route('events.venues.index', 1)).toBe('https://test.thing/ab/cd/events/1/venues');
    expect(route('events.venues.index', { event: 'Fun&Games' })).toBe(
      'https://test.thing/ab/cd/events/Fun&Games/venues',
    );
    expect(route('events.venues.index', { event: 'Fun&Games', location: 'Blues&Clues' })).toBe(
      'https://test.thing/ab/cd/events/Fun&Games/venues?location=Blues%26Clues',
    );
  });

  test('arrays in the query string use indices', () => {
    expect(route('events.venues.index', { event: 'test', guests: ['a', 'b', 'c'] })).toBe(
      'https://ziggy.dev/events/test/venues?guests[0]=a&guests[1]=b&guests[2]=c',
    );
  });

  test('a parameter set to 0', () => {
    expect(route('posts.update', 0)).toBe('https://ziggy.dev/posts/0');
  });

  test('a custom config object', () => {
    const config: RoutesConfig = {
      url: 'http://notYourAverage.dev',
      port: null,
      defaults: { locale: 'en' },
      routes: { 'tightenDev.packages.index': { uri: 'tightenDev/{dev}/packages', methods: GET } },
    };
    expect(route('tightenDev.packages.index', { dev: 1 }, true, config)).toBe(
      'http://notYourAverage.dev/tightenDev/1/packages',
    );
  });

  test('extracts parameters for an app in a subfolder or nested subfolders', () => {
    Ziggy.url = 'https://ziggy.dev/subfolder';
    Object.assign(location, { host: 'ziggy.dev', pathname: '/subfolder/ph/en/products/4' });
    expect(route().params).toStrictEqual({ country: 'ph', language: 'en', id: '4' });
    Ziggy.url = 'https://ziggy.dev/nested/subfolder';
    location.pathname = '/nested/subfolder/ph/en/products/4';
    expect(route().params).toStrictEqual({ country: 'ph', language: 'en', id: '4' });
  });

  test('extracts domain and named parameters from the current URL', () => {
    Object.assign(location, { host: 'tighten.ziggy.dev', pathname: '/users/1' });
    expect(route().params).toStrictEqual({ team: 'tighten', id: '1' });
    Object.assign(location, { host: 'ziggy.dev', pathname: '/posts/1' });
    expect(route().params).toStrictEqual({ post: '1' });
    location.pathname = '/events/1/venues/2';
    expect(route().params).toStrictEqual({ event: '1', venue: '2' });
  });

  test('decodes parameters in the current URL', () => {
    location.pathname = '/events/1/venues/1%2B2%263';
    expect(route().params).toStrictEqual({ event: '1', venue: '1+2&3' });
  });

  test('extracts query parameters; query wins over route parameters', () => {
    Object.assign(location, { pathname: '/posts/1', search: '?guest[name]=Taylor' });
    expect(route().params).toStrictEqual({ post: '1', guest: { name: 'Taylor' } });
    Object.assign(location, { pathname: '/events/1/venues/2', search: '?id=5&vip=1%2B2%263' });
    expect(route().params).toStrictEqual({ event: '1', venue: '2', id: '5', vip: '1+2&3' });
    Object.assign(location, { pathname: '/posts/1', search: '?post=2&foo=bar' });
    expect(route().params).toStrictEqual({ post: '2', foo: 'bar' });
    expect(route().routeParams).toEqual({ post: '1' });
    expect(JSON.stringify(route().routeParams)).toBe(JSON.stringify({ post: '1' }));
    expect(route().queryParams).toStrictEqual({ post: '2', foo: 'bar' });
  });

  test("'extra' string/number parameters and array items go to the query", () => {
    expect(route('posts.index', 'extra')).toBe('https://ziggy.dev/posts?extra=');
    expect(route('posts.index', [{ extra: 2 }])).toBe('https://ziggy.dev/posts?extra=2');
    expect(route('posts.index', 1)).toBe('https://ziggy.dev/posts?1=');
    expect(route('posts.show', [1, 2])).toBe('https://ziggy.dev/posts/1?2=');
    expect(route('posts.show', ['my-first-post', 'foo', 'bar'])).toBe(
      'https://ziggy.dev/posts/my-first-post?foo=&bar=',
    );
    expect(route('posts.show', ['my-first-post', 'foo', { bar: 'baz' }])).toBe(
      'https://ziggy.dev/posts/my-first-post?foo=&bar=baz',
    );
  });

  test("objects of only 'extra' parameters go to the query", () => {
    expect(route('hosting-contacts.index', { filter: { name: 'Dwyer' } })).toBe(
      'https://ziggy.dev/hosting-contacts?filter[name]=Dwyer',
    );
    expect(route('posts.show', { post: 2, filter: { name: 'Dwyer' } })).toBe(
      'https://ziggy.dev/posts/2?filter[name]=Dwyer',
    );
  });

  test('parameters inside single segments, required and optional, with wheres', () => {
    expect(route('pages.requiredExtension', 'x')).toBe('https://ziggy.dev/strict-download/filex');
    expect(route('pages.requiredExtension', '.html')).toBe('https://ziggy.dev/strict-download/file.html');
    expect(route('pages.requiredExtension', { extension: '.pdf' })).toBe(
      'https://ziggy.dev/strict-download/file.pdf',
    );
    expect(route('pages.optionalExtension')).toBe('https://ziggy.dev/download/file');
    expect(route('pages.optionalExtension', '.html')).toBe('https://ziggy.dev/download/file.html');
    expect(route('pages.optionalExtension', { extension: '.pdf' })).toBe(
      'https://ziggy.dev/download/file.pdf',
    );
    expect(route('pages.optionalExtensionWhere')).toBe('https://ziggy.dev/where/download/file');
    expect(route('pages.optionalExtensionWhere', '.html')).toBe('https://ziggy.dev/where/download/file.html');
    expect(() => route('pages.optionalExtensionWhere', { extension: '.pdf' })).toThrow(
      "Ziggy error: 'extension' parameter '.pdf' does not match required format '\\.(php|html)' for route 'pages.optionalExtensionWhere'.",
    );
    expect(route('pages.requiredExtensionWhere', '.html')).toBe(
      'https://ziggy.dev/where/strict-download/file.html',
    );
    expect(() => route('pages.requiredExtensionWhere', 'x')).toThrow(
      /'extension' parameter 'x' does not match required format/,
    );
    expect(() => route('pages.requiredExtensionWhere', { extension: '.pdf' })).toThrow(
      /'extension' parameter '\.pdf' does not match required format/,
    );
  });

  test('slashes stay unencoded in the last parameter when its where allows them', () => {
    expect(route('slashes', ['one/two', 'three/four'])).toBe('https://ziggy.dev/slashes/one/two/three/four');
    expect(route('slashes', ['one/two', 'Fun&Games/venues'])).toBe(
      'https://ziggy.dev/slashes/one/two/Fun&Games/venues',
    );
    expect(route('slashes', ['one/two/three', 'Fun&Games/venues/outdoors'])).toBe(
      'https://ziggy.dev/slashes/one/two/three/Fun&Games/venues/outdoors',
    );
    expect(route('slashesOtherRegex', ['one/two', 'three/four'])).toBe(
      'https://ziggy.dev/slashes/one/two/three/four',
    );
    expect(route('slashesOtherRegex', ['one/two', 'Fun&Games/venues'])).toBe(
      'https://ziggy.dev/slashes/one/two/Fun&Games/venues',
    );
    expect(route('slashesOtherRegex', ['one/two/three', 'Fun&Games/venues/outdoors'])).toBe(
      'https://ziggy.dev/slashes/one/two/three/Fun&Games/venues/outdoors',
    );
  });

  test('a leading slash in the first parameter at the root is collapsed (ziggy#751)', () => {
    expect(route('catalog', '/p/test')).toBe('https://ziggy.dev/p/test');
    expect(route('catalog-path', '/p/test')).toBe('https://ziggy.dev/catalog//p/test');
    expect(route('catalog-domain', '/p/test')).toBe('https://catalog.ziggy.dev/p/test');
    expect(route('catalog-domain-path', '/p/test')).toBe('https://catalog.ziggy.dev/catalog//p/test');
    expect(route('catalog-domain-param', ['me', '/p/test'])).toBe('https://me.ziggy.dev/p/test');
    expect(route('catalog-domain-param', ['/p/test'], false)).toBe('/p/test');
    expect(route('catalog-domain-param-path', ['me', '/p/test'])).toBe(
      'https://me.ziggy.dev/catalog//p/test',
    );
    expect(route('catalog-domain-param-path', ['/p/test'], false)).toBe('/catalog//p/test');
  });

  test('characters Laravel leaves unencoded in parameters; $ is encoded', () => {
    for (const c of ['/', '@', ':', ';', ',', '=', '+', '!', '*', '|', '?', '&', '#', '%']) {
      expect(route('pages', `a${c}b`)).toBe(`https://ziggy.dev/a${c}b`);
    }
    expect(route('pages', 'a$b')).toBe('https://ziggy.dev/a%24b');
  });
});

describe('has()', () => {
  test('checks whether a named route exists', () => {
    expect(route().has('posts.show')).toBe(true);
    expect(route().has('non.existing.route')).toBe(false);
    expect(route().has('toString')).toBe(false);
  });
});

describe('current()', () => {
  test('the current route name, with several methods, without a protocol', () => {
    location.pathname = '/events/1/venues/2';
    expect(route().current()).toBe('events.venues.show');
    location.pathname = '/posts/1';
    expect(route().current()).toBe('posts.show');
    location.pathname = '/events/1/venues/';
    location.protocol = '';
    expect(route().current()).toBe('events.venues.index');
  });

  test('at the domain root', () => {
    Object.assign(location, { href: 'https://ziggy.dev', host: 'ziggy.dev', pathname: '/' });
    expect(route().current()).toBe('home');
    expect(route().current('home')).toBe(true);
  });

  test('ignores the query string, and the domain when absolute is false', () => {
    location.pathname = '/events/1/venues?foo=2';
    expect(route().current()).toBe('events.venues.index');
    Object.assign(location, { host: 'tighten.ziggy.dev', pathname: '/events/1/venues?foo=2' });
    expect(route(undefined, undefined, false).current()).toBe('events.venues.index');
    Object.assign(location, { host: 'example.com', pathname: '/events/1/venues?foo=2' });
    expect(route(undefined, undefined, false).current()).toBe('events.venues.index');
  });

  test('ignores the domain when absolute is false and the app is in a subfolder', () => {
    Ziggy.url = 'https://tighten.ziggy.dev/subfolder';
    location.pathname = '/subfolder/events/1/venues?foo=2';
    expect(route(undefined, undefined, false).current()).toBe('events.venues.index');
    Ziggy.url = 'https://example.com/nested/subfolder';
    location.pathname = '/nested/subfolder/events/1/venues?foo=2';
    expect(route(undefined, undefined, false).current()).toBe('events.venues.index');
  });

  test('with a custom config object and no global Ziggy', () => {
    delete g.Ziggy;
    location.pathname = '/events/';
    const config = {
      url: 'https://ziggy.dev',
      port: null,
      defaults: {},
      routes: { 'events.index': { uri: 'events', methods: GET } },
    };
    expect(route(undefined, undefined, undefined, config).current()).toBe('events.index');
  });

  test('undefined on an unknown URL', () => {
    location.pathname = '/unknown/path';
    expect(route().current()).toBe(undefined);
  });

  test('a route made of one parameter', () => {
    location.pathname = '/some-page';
    expect(route().current()).toBe('pages');
    expect(route().current('pages', { page: 'some-page' })).toBe(true);
  });

  test('a route made of one optional parameter, present', () => {
    location.pathname = '/optionalpage/foo';
    expect(route().current()).toBe('pages.optional');
    expect(route().current('pages.optional', '')).toBe(false);
    expect(route().current('pages.optional', [''])).toBe(false);
    expect(route().current('pages.optional', { page: '' })).toBe(false);
    expect(route().current('pages.optional', { page: undefined })).toBe(false);
    expect(route().current('pages.optional', { page: 'foo' })).toBe(true);
  });

  test('a route made of one optional parameter, missing', () => {
    location.pathname = '/optionalpage';
    expect(route().current()).toBe('pages.optional');
    expect(route().current('pages.optional', '')).toBe(true);
    expect(route().current('pages.optional', [''])).toBe(true);
    expect(route().current('pages.optional', { page: '' })).toBe(true);
    expect(route().current('pages.optional', { page: undefined })).toBe(true);
    expect(route().current('pages.optional', { page: 'foo' })).toBe(false);
    location.pathname = '/where/optionalpage';
    expect(route().current('pages.optionalWhere', { page: undefined })).toBe(true);
    expect(route().current('pages.optionalWhere', { page: 'foo' })).toBe(false);
    location.pathname = '/where/optionalpage/23';
    expect(route().current('pages.optionalWhere', { page: 23 })).toBe(true);
    expect(route().current('pages.optionalWhere', { page: 22 })).toBe(false);
  });

  test('complex wheres without conflicts', () => {
    location.pathname = '/where/word-12/required/file';
    expect(route().current('pages.complexWhere')).toBe(true);
    expect(route().current('pages.complexWhereConflict1')).toBe(false);
    location.pathname = '/where/complex-12/required/file';
    expect(
      route().current('pages.complexWhere', { word: 'complex', digit: '12', required: 'required' }),
    ).toBe(true);
    expect(route().current('pages.complexWhereConflict1')).toBe(false);
    location.pathname = '/where/123-abc/required/file.html';
    expect(route().current('pages.complexWhereConflict1')).toBe(true);
    expect(route().current('pages.complexWhere')).toBe(false);
    location.pathname = '/where/complex-12/different_but_required/optional/file';
    expect(route().current('pages.complexWhereConflict2')).toBe(true);
    expect(route().current('pages.complexWhere')).toBe(false);
  });

  test('complex wheres give the right params', () => {
    location.pathname = '/where/word-12/required/file';
    expect(route().params).toStrictEqual({
      digit: '12',
      word: 'word',
      required: 'required',
      optional: undefined,
      extension: undefined,
    });
    location.pathname = '/where/complex-12/required/optional/file';
    expect(route().params).toStrictEqual({
      digit: '12',
      word: 'complex',
      required: 'required',
      optional: 'optional',
      extension: undefined,
    });
    location.pathname = '/where/123-abc/required/file.html';
    expect(route().params).toStrictEqual({
      digit: '123',
      word: 'abc',
      required: 'required',
      optional: undefined,
      extension: '.html',
    });
    location.pathname = '/where/complex-12/different_but_required/optional/file';
    expect(route().params).toStrictEqual({
      digit: '12',
      required: 'different_but_required',
      optional: 'optional',
      extension: undefined,
    });
    location.search = '?ab=cd&ef=1&dd';
    expect(route().params).toStrictEqual({
      digit: '12',
      required: 'different_but_required',
      optional: 'optional',
      extension: undefined,
      ab: 'cd',
      ef: '1',
      dd: '',
    });
  });

  test('strips ^ and $ from wheres', () => {
    delete g.Ziggy;
    location.pathname = '/workspace/processes';
    const config = {
      url: 'https://ziggy.dev',
      port: null,
      defaults: {},
      routes: {
        'workspaces.processes.index': {
          uri: '{workspace}/processes',
          methods: GET,
          wheres: { workspace: '^(?!api|nova-api|horizon).*$' },
        },
      },
    };
    expect(route(undefined, undefined, undefined, config).current()).toBe('workspaces.processes.index');
  });

  test('a URL with a non-delimited parameter', () => {
    location.pathname = '/strict-download/file.html';
    expect(route().current()).toBe('pages.requiredExtension');
    for (const name of ['pages.requiredExtension', 'pages.requiredExtension*']) {
      expect(route().current(name, '')).toBe(false);
      expect(route().current(name, '.html')).toBe(true);
      expect(route().current(name, [''])).toBe(false);
      expect(route().current(name, ['.html'])).toBe(true);
      expect(route().current(name, { extension: '' })).toBe(false);
      expect(route().current(name, { extension: '.pdf' })).toBe(false);
      expect(route().current(name, { extension: '.html' })).toBe(true);
    }
  });

  test('a URL with a missing non-delimited optional parameter', () => {
    location.pathname = '/download/file';
    expect(route().current()).toBe('pages.optionalExtension');
    for (const name of ['pages.optionalExtension', 'pages.optionalExtension*']) {
      expect(route().current(name, '')).toBe(true);
      expect(route().current(name, [''])).toBe(true);
      expect(route().current(name, { extension: '' })).toBe(true);
    }
    expect(route().current('pages.optionalExtension', { extension: '.html' })).toBe(false);
    expect(route().current('pages.optionalExtension*', { extension: '.pdf' })).toBe(false);
  });

  test('a URL with a non-delimited optional parameter', () => {
    location.pathname = '/download/file.html';
    expect(route().current()).toBe('pages.optionalExtension');
    for (const name of ['pages.optionalExtension', 'pages.optionalExtension*']) {
      expect(route().current(name, '')).toBe(false);
      expect(route().current(name, '.html')).toBe(true);
      expect(route().current(name, [''])).toBe(false);
      expect(route().current(name, ['.html'])).toBe(true);
      expect(route().current(name, { extension: '' })).toBe(false);
      expect(route().current(name, { extension: '.pdf' })).toBe(false);
      expect(route().current(name, { extension: '.html' })).toBe(true);
    }
    location.pathname = '/where/download/file.html';
    expect(route().current('pages.optionalExtensionWhere', { extension: '.html' })).toBe(true);
    location.pathname = '/where/download/file.pdf';
    expect(route().current('pages.optionalExtensionWhere', { extension: '.pdf' })).toBe(false);
  });

  test('parameters on a URL with no parameters', () => {
    Object.assign(location, { host: 'ziggy.dev', pathname: '/' });
    expect(route().current('home', { page: 'test' })).toBe(false);
    expect(route().current('pages', { page: 'test' })).toBe(false);
    location.pathname = '/posts/';
    expect(route().current('posts.index', { post: 1 })).toBe(false);
    expect(route().current('posts.show', { post: 1 })).toBe(false);
  });

  test('positional parameters on a URL with no parameters', () => {
    Object.assign(location, { pathname: '/posts', search: '?0=test' });
    expect(route().current('posts.index', undefined)).toBe(true);
    expect(route().current('posts.index', null)).toBe(true);
    expect(route().current('posts.index', {})).toBe(true);
    expect(route().current('posts.index', { 0: 'test' })).toBe(true);
    expect(route().current('posts.index', '')).toBe(false);
    expect(route().current('posts.index', 'test')).toBe(false);
    expect(route().current('posts.index', [''])).toBe(false);
    expect(route().current('posts.index', [1])).toBe(false);
  });

  test('false for unknown routes and URLs, with and without params', () => {
    location.pathname = '/unknown/';
    expect(route().current('posts.delete')).toBe(false);
    location.pathname = '/unknown/path';
    for (const p of [{ post: 2 }, 2, [2], 'post']) expect(route().current('posts.show', p)).toBe(false);
    for (const path of ['/events/1/venues/2', '/unknown/test']) {
      location.pathname = path;
      expect(route().current('random-route')).toBe(false);
      for (const p of [{ post: 2 }, 2, [2], 'post']) expect(route().current('random-route', p)).toBe(false);
    }
  });

  test('against a wildcard pattern', () => {
    location.pathname = '/events/1/venues/2';
    for (const yes of [
      'events.venues.show',
      'events.venues.*',
      'events.*.show',
      '*.venues.show',
      'events.*',
    ]) {
      expect(route().current(yes)).toBe(true);
    }
    for (const no of ['events.venues.index', 'events.users.*', '*.users.show', 'events', 'show']) {
      expect(route().current(no)).toBe(false);
    }
    location.pathname = '/hosting-contacts';
    expect(route().current('hosting-contacts.index')).toBe(true);
    expect(route().current('*.index')).toBe(true);
    expect(route().current('hosting.*')).toBe(false);
  });

  test('filled, trailing empty and middle optional parameters', () => {
    location.pathname = '/optional/1/foo';
    expect(route().current('optional')).toBe(true);
    location.pathname = '/optional/1';
    expect(route().current('optional')).toBe(true);
    Ziggy.url = 'https://ziggy.dev/subfolder';
    Object.assign(location, { host: 'ziggy.dev', pathname: '/subfolder/ph/products/4' });
    expect(route().current('products.show')).toBe(true);
  });

  test('with parameters', () => {
    location.pathname = '/events/1/venues/2';
    const yes: unknown[] = [
      { event: 1, venue: 2 },
      [1, 2],
      [1, { id: 2, name: 'Grand Canyon' }],
      { event: 1 },
      { venue: 2 },
      [1],
      {},
      null,
    ];
    for (const p of yes) expect(route().current('events.venues.show', p as never)).toBe(true);
    const no: unknown[] = [
      { event: 4, venue: 2 },
      { event: null },
      [1, 6],
      [{ id: 1 }, { id: 4, name: 'Great Pyramids' }],
      { event: 4 },
      { venue: 4 },
      [5],
      { eventz: 2 },
    ];
    for (const p of no) expect(route().current('events.venues.show', p as never)).toBe(false);
  });

  test('with query parameters', () => {
    Object.assign(location, { pathname: '/events/1/venues/2', search: '?user=Jacob&id=9' });
    expect(route().current('events.venues.show', { event: 1, venue: 2, user: 'Jacob' })).toBe(true);
    expect(route().current('events.venues.show', { event: { id: 1, name: 'Party' }, venue: 2, id: 9 })).toBe(
      true,
    );
    expect(route().current('events.venues.show', { user: 'Jacob', venue: { id: 2 } })).toBe(true);
    expect(route().current('events.venues.show', { user: 'Matt', venue: { id: 9 } })).toBe(false);
    expect(route().current('events.venues.show', { event: 5, id: 9, user: 'Jacob' })).toBe(false);
    expect(route().current('events.venues.show', { id: 12, user: 'Matt' })).toBe(false);
  });

  test('with array and object query parameters', () => {
    Object.assign(location, {
      pathname: '/events/1/venues/2',
      search:
        '?filter[year]=2024&filter[month]=Jan&filter[month]=Feb&tags[0]=music&tags[1]=dance&genres[]=jazz&genres[]=folk',
    });
    const at = (p: Record<string, unknown>) => route().current('events.venues.show', p);
    expect(at({ filter: { year: '2024' } })).toBe(true);
    expect(at({ filter: {} })).toBe(true);
    expect(at({ genres: {} })).toBe(true);
    expect(at({ filter: { year: '2024', month: ['Jan'] }, tags: ['dance', 'music'], genres: ['folk'] })).toBe(
      true,
    );
    expect(at({ filter: { year: '2025' } })).toBe(false);
    expect(at({ filter: { year: null } })).toBe(false);
    expect(at({ filter: { year: '2024', month: ['Mar'] } })).toBe(false);
    expect(at({ tags: [''] })).toBe(false);
    expect(at({ genres: [null] })).toBe(false);
  });

  test('Cyrillic, encoded Cyrillic and an encoded percent sign', () => {
    location.pathname = '/статистика';
    expect(route().current()).toBe('statistics');
    expect(route().current('statistics')).toBe(true);
    location.pathname = '/%D1%81%D1%82%D0%B0%D1%82%D0%B8%D1%81%D1%82%D0%B8%D0%BA%D0%B0';
    expect(route().current()).toBe('statistics');
    expect(route().current('statistics')).toBe(true);
    location.pathname = '/optionalpage/john%25';
    expect(route().current()).toBe('pages.optional');
    expect(route().current('pages.optional')).toBe(true);
  });

  test('ignores routes without GET, and trailing slashes', () => {
    location.pathname = '/posts/1';
    expect(route().current('posts.update')).toBe(false);
    location.pathname = '/events/1/venues/';
    expect(route().current()).toBe('events.venues.index');
  });

  test('route names with several periods, with wildcards', () => {
    location.pathname = '/events/1/venues';
    expect(route().current('events.venues-index')).toBe(false);
    expect(route().current('events.venues.index')).toBe(true);
    location.pathname = '/events/1/venues-index';
    expect(route().current('events.venues-index')).toBe(true);
    expect(route().current('events.venues.index')).toBe(false);
    expect(route().current('events.venues.*')).toBe(false);
  });

  test('escaped regex special characters in the URI', () => {
    location.pathname = '/test.*+$()[]/1';
    expect(route().current()).toBe('regexSpecialChars');
    expect(route().current('regexSpecialChars')).toBe(true);
  });

  test('without window, from config.location (Node, SSR)', () => {
    delete g.Ziggy;
    delete g.window;
    const config: RoutesConfig = {
      url: 'https://ziggy.dev',
      port: null,
      defaults: {},
      routes: {
        'events.venues.show': {
          uri: 'events/{event}/venues/{venue}',
          methods: GET,
          bindings: { event: 'id', venue: 'id' },
        },
      },
      location: { host: 'ziggy.dev', pathname: '/events/1/venues/2', search: '?user=Jacob&id=9' },
    };
    expect(route(undefined, undefined, undefined, config).current()).toBe('events.venues.show');
    expect(route(undefined, undefined, undefined, config).params).toStrictEqual({
      event: '1',
      venue: '2',
      user: 'Jacob',
      id: '9',
    });
  });
});
