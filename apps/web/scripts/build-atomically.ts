import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { buildServiceWorker } from "./build-service-worker.ts";

/**
 * `npm run build` for the web app: React Router builds into a new folder under builds/, and only a complete build is
 * switched in, by renaming a symbolic link over build/ (one atomic step). A server already running keeps the folder
 * it started with (plugins/web-app.ts resolves the link once), so a rebuild never takes its assets away mid-visit;
 * the next start serves the new build. Two builds at once each get their own folder.
 */

/** Builds kept besides the newest, for servers started on them that are still running. */
const KEPT_EARLIER_BUILDS = 2;

export function buildFolderName(now = new Date(), pid = process.pid): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${pid}`;
}

/** Points `webRoot/build` at `target` in one rename; a build/ folder left by an older checkout is moved aside. */
export function switchBuild(webRoot: string, target: string): void {
  const link = path.join(webRoot, "build");
  const next = path.join(webRoot, `build.next-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(path.relative(webRoot, target), next, "dir");
  if (lstatSync(link, { throwIfNoEntry: false })?.isDirectory()) {
    renameSync(link, path.join(path.dirname(target), `earlier-${buildFolderName()}`));
  }
  renameSync(next, link);
}

/** Removes all but the newest builds, never the one build/ points at. */
export function pruneBuilds(buildsDir: string, current: string, keep = KEPT_EARLIER_BUILDS): string[] {
  const earlier = readdirSync(buildsDir)
    .map((name) => path.join(buildsDir, name))
    .filter((folder) => folder !== current)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const removed = earlier.slice(keep);
  for (const folder of removed) rmSync(folder, { recursive: true, force: true });
  return removed;
}

async function main() {
  const webRoot = path.resolve(import.meta.dirname, "..");
  const buildsDir = path.join(webRoot, "builds");
  mkdirSync(buildsDir, { recursive: true });
  const target = path.join(buildsDir, buildFolderName());
  const build = spawnSync("npx", ["react-router", "build"], {
    cwd: webRoot,
    stdio: "inherit",
    env: { ...process.env, WEB_BUILD_DIR: target },
  });
  if (build.status !== 0) {
    rmSync(target, { recursive: true, force: true });
    process.exit(build.status ?? 1);
  }
  // The worker's precache list names this build's files, so it is made from the finished client build.
  const worker = await buildServiceWorker(path.join(target, "client")).catch((error: unknown) => {
    rmSync(target, { recursive: true, force: true });
    throw error;
  });
  console.log(
    `Service worker: ${(worker.workerBytes / 1024).toFixed(1)} KB, precaching ${worker.files} files ` +
      `(${(worker.bytes / 1024).toFixed(0)} KB before compression).`,
  );
  switchBuild(webRoot, target);
  pruneBuilds(buildsDir, target);
  console.log(`Web app built into ${path.relative(webRoot, target)}; build/ points at it.`);
}

if (import.meta.filename === process.argv[1]) await main();
