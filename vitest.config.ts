import { defineConfig } from "vitest/config";

// A test that makes no assertion fails ("expected any number of assertion, but got none"): it could never fail otherwise.
export default defineConfig({
  test: {
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
          testTimeout: 20_000,
          hookTimeout: 60_000,
          expect: { requireAssertions: true },
        },
      },
    ],
  },
});
