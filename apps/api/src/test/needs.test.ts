import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { whenMissing } from "./needs.ts";
import { redisServerMissing } from "./redis-server.ts";

describe("a check that needs what the machine lacks", () => {
  const web = "the web app is not built: run npm run build";
  const redis = "redis-server is not installed";

  it("fails in CI with every reason, so that it can never pass by skipping", () => {
    expect(whenMissing([web, undefined, redis], true)).toEqual({ action: "fail", reason: `${web}; ${redis}` });
  });

  it("is skipped elsewhere with the reason to print", () => {
    expect(whenMissing([undefined, redis], false)).toEqual({ action: "skip", reason: redis });
  });

  it("runs where nothing is missing, in CI or not", () => {
    expect(whenMissing([undefined, undefined], true)).toEqual({ action: "run" });
    expect(whenMissing([], false)).toEqual({ action: "run" });
  });

  it("finds redis-server only on the PATH it is given", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "waterside-path-"));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    expect(redisServerMissing(folder)).toBe(
      "redis-server is not installed: run npm test, which installs it (apt-get install redis-server)",
    );
    // Any executable by that name will do: the check reads the PATH as the shell would.
    symlinkSync(process.execPath, path.join(folder, "redis-server"));
    expect(redisServerMissing(["/nonexistent", folder].join(path.delimiter))).toBeUndefined();
  });
});
