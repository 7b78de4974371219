import './styles/app.css';
import { createApp } from '@renderfarm/react';
import { createRoot } from 'react-dom/client';
import { resolvePage } from './app/resolve-page';
import { formatTitle } from './app/title';

createApp({
  resolve: resolvePage,
  title: (title) => formatTitle(title),
  setup: ({ el, App, props }) => {
    createRoot(el).render(<App {...props} />);
  },
});
