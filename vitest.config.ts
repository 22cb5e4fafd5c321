import { defineConfig } from "vitest/config";

// A test that makes no assertion fails ("expected any number of assertion, but got none"): it could never fail otherwise.
export default defineConfig({
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores − 1), but an API test file mostly waits on PostgreSQL,
    // a child process or a job queue, not on this process. On a machine loaded by other work, three at once took the
    // tests from over 34 minutes (unfinished) to 19, with three tests past their 20 s limit: two at once keeps margin.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/shared/src/**/*.test.ts", "apps/web/src/**/*.test.ts", "apps/web/scripts/**/*.test.ts"],
          // The web app's own alias (apps/web/vite.config.ts), so its modules are tested as they are written.
          alias: { "~": new URL("./apps/web/src", import.meta.url).pathname },
          expect: { requireAssertions: true },
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts"],
          globalSetup: ["apps/api/src/test/global-setup.ts"],
          // A worker keeps the modules it imported from one test file to the next: importing the app (Fastify, every
          // module, sharp, Drizzle's schema) again for each of ~80 files cost 1.5–2.5 s apiece. Files share no data
          // anyway (each copies the template database and closes its app), no file mocks a module, and the two that
          // fake Date put the real one back in afterEach/finally.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
          expect: { requireAssertions: true },
        },
      },
    ],
  },
});
