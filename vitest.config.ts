import { defineConfig } from 'vitest/config';

// One project per workspace. The file name says the tier (ARCHITECTURE §9), so a tier can be run across
// workspaces by filtering on it (`vitest run .db.test. .api.test.`):
//   *.test.ts          unit: pure logic, no database
//   *.db.test.ts       DB tier, and *.api.test.ts API tier (fastify.inject or a listening server over a real
//                      database): PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set
//   *.bus.test.ts      bus contract against Redis when REDIS_URL is set
//   *.process.test.ts  whole processes: start, signals, restart, durability
const node = (name: string, include: string[], slow = false) => ({
  test: {
    name,
    include,
    environment: 'node',
    ...(slow ? { testTimeout: 120_000, hookTimeout: 60_000 } : {}),
  },
});

export default defineConfig({
  test: {
    projects: [
      node('domain', ['packages/domain/src/**/*.test.ts']),
      node('contracts', ['packages/contracts/src/**/*.test.ts']),
      node('market-sim', ['packages/market-sim/src/**/*.test.ts']),
      node('brokers', ['packages/brokers/src/**/*.test.ts', 'packages/brokers/test/**/*.test.ts'], true),
      {
        test: {
          name: 'charts',
          include: ['packages/charts/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      node('db', ['packages/db/src/**/*.test.ts'], true),
      node('server', ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'], true),
      node('tools', ['tools/**/*.test.ts']),
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
