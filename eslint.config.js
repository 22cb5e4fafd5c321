import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Each API module's public face: the files other modules may import (a service, a read model). Anything else of a
 * module, its queries and routes above all, is private (STYLE.md rule 12, docs/architecture.md).
 */
const API_MODULES = {
  "ad-screening": ["ad-screening.service.ts", "ad-flags.ts"],
  admin: [],
  "admin-auth": ["admin-status.ts"],
  ads: ["ad-list-items.ts", "ads.service.ts"],
  analytics: [],
  auth: ["auth.routes.ts", "tokens.ts"],
  catalog: ["catalog.service.ts", "category-tree.service.ts", "attributes.service.ts"],
  chat: [],
  deals: [],
  "exchange-rates": ["latest-rate.ts"],
  notifications: ["notification-centre.ts"],
  health: [],
  // The writes a client may send again with an Idempotency-Key (decision 104) record it in their transaction.
  idempotency: ["idempotent-writes.ts"],
  "password-reset": [],
  // Payouts speak through the payments' provider adapters and share their protocol (decision 100); safe deals collect
  // through the payments machinery (decision 103).
  payments: ["latest-subscription.ts", "deal-collections.ts", "provider-protocol.ts", "providers/provider.ts"],
  payouts: ["payouts.ts"],
  "phone-auth": [],
  "phone-reveals": [],
  reports: ["report-moderation.service.ts"],
  reviews: ["ad-rating.ts", "reviews.service.ts"],
  "saved-ads": ["saved-ads.service.ts"],
  "saved-searches": [],
  trust: ["trust-figures.ts"],
  selling: ["ad-prices.ts", "ad-status.ts", "visibility-scores.ts"],
  users: ["user-accounts.ts", "user-resource.ts", "user-status.ts"],
};

/** One direction: shared → modules → app. Paths are resolved, so relative imports cannot slip past. */
const apiZones = [
  { target: "./packages/shared", from: "./apps", message: "The contract imports no app." },
  { target: "./apps/api/src/lib", from: "./apps/api/src/modules", message: "Adapters in lib/ know no module." },
  { target: "./apps/api/src/plugins", from: "./apps/api/src/modules", except: ["./auth/tokens.ts"] },
  ...Object.entries(API_MODULES).map(([module, publicFiles]) => ({
    target: `./apps/api/src/modules/!(${module})/**/*`,
    from: `./apps/api/src/modules/${module}`,
    except: publicFiles.map((file) => `./${file}`),
    message: `Other modules import only ${module}'s public files: ${publicFiles.join(", ") || "none"}.`,
  })),
];

/**
 * The web app, one direction too (STYLE.md rule 1): a feature never imports another feature's internals, features
 * compose in app/, and components/ and lib/ import no feature. Every folder under features/ is a feature, so a new one
 * is covered without an edit here. Relative paths are resolved; `~/` paths are covered by the pattern rule below.
 */
const WEB = "./apps/web/src";
const webFeatures = readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/!(${feature})/**/*`,
    from: `${WEB}/features/${feature}`,
    message: "A feature never imports another feature's internals: compose features in app/.",
  })),
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: "components/ and lib/ import no feature and nothing of app/.",
  },
  { target: `${WEB}/features`, from: `${WEB}/app`, message: "Features do not import app/: app/ composes them." },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      // Each build is made in apps/web/builds/<time> and linked as apps/web/build (scripts/build-atomically.ts).
      "apps/web/builds/**",
      "**/dist/**",
      "**/.react-router/**",
      "data/**",
      "**/test-results/**",
      "**/playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `import { type X }` keeps the module loaded for side effects; the web bundle must not pull in zod for a type.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    files: ["apps/api/src/**/*.ts", "packages/shared/src/**/*.ts"],
    ignores: ["**/*.test.ts", "apps/api/src/test/**"],
    plugins: { import: importPlugin },
    // The API names its imports with their extension, which the plugin's node resolver finds as they are.
    settings: { "import/extensions": [".ts"] },
    rules: {
      "import/no-restricted-paths": ["error", { zones: apiZones }],
      // No loops between files (STYLE.md rule 1), as on the web.
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // CommonJS, for tools that require() their plugins (apps/web/import-resolver.cjs).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["apps/web/service-worker/**/*.ts"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, import: importPlugin },
    // The web imports name no extension; the node resolver (eslint-plugin-import's own), taught the `~/` alias, finds
    // the TypeScript files.
    settings: {
      // The files the import rules read to follow imports (import/no-cycle): JavaScript's only, unless told.
      "import/extensions": [".ts", ".tsx", ".js"],
      "import/resolver": {
        [fileURLToPath(new URL("./apps/web/import-resolver.cjs", import.meta.url))]: {
          extensions: [".ts", ".tsx", ".js"],
        },
      },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "import/no-restricted-paths": ["error", { zones: webZones }],
      // No loops between modules (STYLE.md rule 1): each file's imports form a tree, lazy `import()` included.
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The web app runs in browsers: it must not reach into the API's code.
    files: ["apps/web/**/*.{ts,tsx}", "packages/shared/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/apps\\u002Fapi/]",
          message: "The web app and shared code never import the API.",
        },
      ],
    },
  },
);
