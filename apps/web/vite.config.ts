import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server renders the HTML shell (there is no index.html): it reads dist/.vite/manifest.json
// in production, and in development points its <script> tags at this dev server.
const DEV_PORT = 5173;

export default defineConfig({
  root: import.meta.dirname,
  base: '/build/',
  plugins: [react(), tailwindcss()],
  server: {
    port: DEV_PORT,
    strictPort: true,
    // The page is served from :8000, so asset URLs in CSS and dynamic imports must carry this
    // origin, and the browser fetches them cross-origin.
    origin: `http://localhost:${DEV_PORT}`,
    cors: true,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Vite 8 name for rollupOptions (same shape; the old name is deprecated).
    rolldownOptions: { input: 'src/main.tsx' },
  },
});
