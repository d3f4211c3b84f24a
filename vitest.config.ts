import { defineConfig } from 'vitest/config';

// Test tiers (ARCHITECTURE §9). File names say the tier:
//   *.test.ts      unit: pure logic, no database
//   *.db.test.ts   DB tier, and *.api.test.ts API tier (fastify.inject over a real database):
//                  PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set
//   *.bus.test.ts  bus contract against Redis when REDIS_URL is set
//   *.process.test.ts  whole processes: start, signals, restart
const node = (name: string, include: string[], extra: Record<string, unknown> = {}) => ({
  test: {
    name,
    include,
    environment: 'node',
    exclude: ['**/node_modules/**', 'apps/web/**'],
    ...extra,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.{db,api,bus,process}.test.ts'],
          environment: 'node',
        },
      },
      node('db', ['packages/*/src/**/*.{db,api}.test.ts', 'apps/server/src/**/*.{db,api}.test.ts'], {
        testTimeout: 30_000,
        hookTimeout: 60_000,
      }),
      node('bus', ['apps/server/src/**/*.bus.test.ts']),
      node('process', ['apps/server/test/**/*.process.test.ts'], {
        testTimeout: 120_000,
        hookTimeout: 60_000,
      }),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./vitest.setup.ts'],
        },
      },
    ],
  },
});
