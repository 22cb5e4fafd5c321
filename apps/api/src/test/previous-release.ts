import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../../..");
const MIGRATIONS = "apps/api/src/db/migrations";

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/**
 * The previous release, as a rollout meets it (docs/operations/deploy.md "Migrations across a rollout"): the code
 * committed just before this checkout's newest migration, which a process of this release applies while processes of
 * that code still serve. A newest migration not committed yet makes the committed code the previous release.
 * `skip`: the code has no history here (an export, or a shallow clone), so that code is not here to run.
 */
export function findPreviousRelease(): { commit: string; newestMigration: string } | { skip: string } {
  const newestMigration = readdirSync(path.join(root, MIGRATIONS))
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .at(-1)!;
  let shallow: string;
  try {
    shallow = git("rev-parse", "--is-shallow-repository");
  } catch {
    return { skip: "this copy of the code is not a git checkout: it has no history to take the previous release from" };
  }
  if (shallow === "true") return { skip: "this clone is shallow: the previous release's code is not in its history" };
  const added = git("log", "-1", "--diff-filter=A", "--format=%H", "--", `${MIGRATIONS}/${newestMigration}`);
  return { commit: git("rev-parse", "--verify", `${added ? `${added}^` : "HEAD"}^{commit}`), newestMigration };
}

/**
 * The API's code and its shared package as they were at `commit`, in a folder of their own, ready to start with
 * `startTestServer(…, { entry, cwd })`. Its dependencies are this checkout's (node_modules linked entry by entry; the
 * one liberty taken, as a release that changed a dependency's version would run with today's), its
 * `@waterside/shared` is its own, and the web app it serves is this checkout's build.
 */
export function checkOutRelease(commit: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "waterside-previous-release-"));
  const paths = ["package.json", "tsconfig.base.json", "apps/api/package.json", "apps/api/tsconfig.json"];
  const tar = execFileSync("git", ["archive", "--format=tar", commit, ...paths, "apps/api/src", "packages/shared"], {
    cwd: root,
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });

  const modules = path.join(dir, "node_modules");
  mkdirSync(path.join(modules, "@waterside"), { recursive: true });
  for (const entry of readdirSync(path.join(root, "node_modules"))) {
    if (entry === "@waterside" || entry.startsWith(".")) continue;
    symlinkSync(path.join(root, "node_modules", entry), path.join(modules, entry));
  }
  symlinkSync(path.join(dir, "packages/shared"), path.join(modules, "@waterside/shared"));
  const apiModules = path.join(root, "apps/api/node_modules");
  if (existsSync(apiModules)) symlinkSync(apiModules, path.join(dir, "apps/api/node_modules"));
  mkdirSync(path.join(dir, "apps/web"));
  symlinkSync(realpathSync(path.join(root, "apps/web/build")), path.join(dir, "apps/web/build"));

  return {
    code: { entry: path.join(dir, "apps/api/src/server.ts"), cwd: dir },
    /** Its migrations, to tell that the newest one is not among them. */
    migrations: () => readdirSync(path.join(dir, MIGRATIONS)).filter((file) => file.endsWith(".sql")),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
