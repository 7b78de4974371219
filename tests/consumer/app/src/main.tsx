import { createApp } from '@renderfarm/react';
import { createRoot } from 'react-dom/client';
import { pages } from './pages';

void createApp({
  resolve: (name) => pages[name],
  title: (title) => `${title} | رندر فارم ابری`,
  setup: ({ el, App, props }) => createRoot(el).render(<App {...props} />),
});
