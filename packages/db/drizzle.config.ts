import { defineConfig } from 'drizzle-kit';

// One set of generated SQL migrations serves PGlite and PostgreSQL (docs/decisions/001-stack.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
});
