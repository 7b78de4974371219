import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the module and platform tables (`pnpm db:generate`) and applied
// on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/*/tables.ts', './src/modules/*/tables.ts'],
  out: './drizzle',
});
