/**
 * The one place the app imports the page client from. Today it is the temporary bootstrap; when
 * @renderfarm/react exports createApp, these become re-exports of that package.
 */
export { Head, Link, type LinkProps, PageProvider, router, usePage } from '../bootstrap';
