import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from src/schema.ts. Only PostgreSQL 15 features.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema.ts',
  out: './packages/db/migrations',
  casing: 'snake_case',
});
