/**
 * ESLint's import rules resolve the web app's `~/` alias (apps/web/tsconfig.json, vite.config.ts) to src/, so the
 * one-direction zones and import/no-cycle see `~/` imports as they see relative ones (eslint.config.js).
 */
const path = require("node:path");
const node = require("eslint-import-resolver-node");

const SRC = path.join(__dirname, "src");

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) =>
  node.resolve(source.startsWith("~/") ? path.join(SRC, source.slice(2)) : source, file, config);
