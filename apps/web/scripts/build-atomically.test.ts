import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pruneBuilds, switchBuild } from "./build-atomically.ts";

/** A finished build folder with one asset, as React Router leaves it. */
function fakeBuild(buildsDir: string, name: string, asset: string, age = 0) {
  const folder = path.join(buildsDir, name);
  mkdirSync(path.join(folder, "client/assets"), { recursive: true });
  writeFileSync(path.join(folder, "client/assets", asset), asset);
  const when = new Date(Date.now() - age * 60_000);
  utimesSync(folder, when, when);
  return folder;
}

describe("the web build switch", () => {
  it("points build/ at a new build in one step, while what a running server resolved stays served", () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), "waterside-web-"));
    const buildsDir = path.join(webRoot, "builds");
    const first = fakeBuild(buildsDir, "first", "entry-aaa.js", 2);
    switchBuild(webRoot, first);
    // A server resolves build/ once when it starts (plugins/web-app.ts).
    const running = realpathSync(path.join(webRoot, "build"));

    const second = fakeBuild(buildsDir, "second", "entry-bbb.js", 1);
    switchBuild(webRoot, second);
    expect(readlinkSync(path.join(webRoot, "build"))).toBe(path.join("builds", "second"));
    expect(existsSync(path.join(webRoot, "build/client/assets/entry-bbb.js"))).toBe(true);
    expect(readFileSync(path.join(running, "client/assets/entry-aaa.js"), "utf8")).toBe("entry-aaa.js");
  });

  it("moves aside a build/ folder an older checkout left, instead of failing or deleting it", () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), "waterside-web-"));
    mkdirSync(path.join(webRoot, "build/client"), { recursive: true });
    const next = fakeBuild(path.join(webRoot, "builds"), "next", "entry-ccc.js");
    switchBuild(webRoot, next);
    expect(realpathSync(path.join(webRoot, "build"))).toBe(realpathSync(next));
  });

  it("keeps the current build and the two before it, removing older ones", () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), "waterside-web-"));
    const buildsDir = path.join(webRoot, "builds");
    const folders = ["a", "b", "c", "d", "e"].map((name, index) =>
      fakeBuild(buildsDir, name, `${name}.js`, 10 - index),
    );
    const removed = pruneBuilds(buildsDir, folders[4]!);
    expect(removed.map((folder) => path.basename(folder)).sort()).toEqual(["a", "b"]);
    expect(["c", "d", "e"].every((name) => existsSync(path.join(buildsDir, name)))).toBe(true);
  });
});
