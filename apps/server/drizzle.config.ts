import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the module tables (`pnpm db:generate`) and applied on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/tables.ts',
  out: './drizzle',
});
