import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Hand-written tables, and the ones generated from declarations (src/domain/resources).
  schema: ['./src/server/db/schema.ts', './src/server/db/declared-schema.ts'],
  out: './src/server/db/migrations',
});
