import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
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
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Feature folders talk through app/ and lib/, never through each other's internals (STYLE.md rule 1).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/features/*/*"], message: "Import another feature only from app/ (compose features there)." },
          ],
        },
      ],
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
