import './styles/app.css';
import { createApp } from '@renderfarm/react';
import { resolvePage } from './app/resolve-page';
import { formatTitle } from './app/title';

// No `setup`: createApp hydrates the HTML the server rendered into #app (src/ssr.tsx), or mounts
// into an empty #app when the server sent none (SSR=false, a page that failed to render there).
createApp({
  resolve: resolvePage,
  title: (title) => formatTitle(title),
});
