import type { FastifyInstance } from 'fastify';

// The brand mark: a cube (a render node) in the accent colour. Served for /favicon.ico too, because
// browsers ask for that path before they read the page's <link rel="icon">.
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4f46e5"/><path d="M16 6 25 11v10l-9 5-9-5V11z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><path d="M7 11l9 5 9-5M16 16v10" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></svg>`;

export async function faviconRoutes(app: FastifyInstance): Promise<void> {
  for (const url of ['/favicon.svg', '/favicon.ico']) {
    app.get(url, { logLevel: 'warn', config: { session: false } }, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
    );
  }
}
