import { spawn } from "node:child_process";
import {
  chownSync,
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { describeNeeding } from "./test/needs.ts";
import { freePort, startServerProcess, temporaryDataDir, webAppMissing } from "./test/server-process.ts";

// The embedded database is started when DATABASE_URL is unset: these servers never get one. Processes are read from
// Linux's /proc, as on CI.
const data = temporaryDataDir("restart");
const pgDir = path.join(data.path, "postgres");
const pidFile = path.join(pgDir, "postmaster.pid");
const servers: Array<ReturnType<typeof startServerProcess>> = [];
let port: number;

/** `npm run serve` on the test's data folder, without demo data, with what else the test gives. */
function serve(env: Record<string, string> = {}) {
  const server = startServerProcess({
    DATA_DIR: data.path,
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    ...env,
  });
  servers.push(server);
  return server;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `pid` is a process that still runs (a zombie waiting for its parent to reap it has stopped). */
function running(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !["Z", "X"].includes(stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3));
  } catch {
    return false;
  }
}

/** Every running process working in the data folder: PostgreSQL's postmaster and its children all chdir into it. */
function postgresOnFolder(): number[] {
  if (!existsSync(pgDir)) return [];
  const folder = realpathSync(pgDir);
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === folder && running(pid);
      } catch {
        return false;
      }
    });
}

/** The PID that postmaster.pid names: the postmaster holding the folder. */
const postmaster = () => Number(readFileSync(pidFile, "utf8").split("\n")[0]);

const ready = async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
  return { status: response.status, body: (await response.json()) as { status: string } };
};

async function until(condition: () => boolean) {
  while (!condition()) await wait(50);
}

/** A stale postmaster.pid: what a running server wrote, with `pid` first, owned as PostgreSQL owns its files. */
function writePidFile(content: string, pid: number) {
  writeFileSync(pidFile, content.replace(/^\d+/, String(pid)), { mode: 0o600 });
  const owner = statSync(pgDir);
  chownSync(pidFile, owner.uid, owner.gid);
}

// Each step starts where the one before left the folder; the first one initialises it.
describeNeeding([webAppMissing()], "restarting on the embedded PostgreSQL", { timeout: 120_000 }, () => {
  let pidFileContent = "";

  beforeAll(async () => {
    port = await freePort();
  });

  // What a step leaves running is stopped before the next one, so that a failure does not fail the steps after it.
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
      server.child.kill("SIGTERM");
      await server.exited;
    }
    // A PostgreSQL a killed server left behind (on the code before the fix) is stopped here, not left on the machine.
    if (existsSync(pidFile) && running(postmaster())) process.kill(postmaster(), "SIGINT");
    await until(() => postgresOnFolder().length === 0);
  });
  afterAll(() => data.remove());

  it("starts again with the same command after the server was killed with -9", async () => {
    const first = serve();
    await first.ready;
    const orphan = postmaster();
    expect(postgresOnFolder()).toContain(orphan);
    pidFileContent = readFileSync(pidFile, "utf8");

    first.child.kill("SIGKILL");
    expect(await first.exited).toBe(null);
    // Node died without a word to its child: the embedded PostgreSQL still holds the folder.
    expect(running(orphan)).toBe(true);
    expect(postmaster()).toBe(orphan);

    const second = serve();
    await second.ready;
    expect(second.output().stdout).toContain(`PostgreSQL (PID ${orphan}) was still running`);
    expect(await ready()).toEqual({ status: 200, body: expect.objectContaining({ status: "ready" }) });
    expect(running(orphan)).toBe(false);
    const serving = postmaster();
    expect(serving).not.toBe(orphan);

    second.child.kill("SIGTERM");
    expect([0, 143]).toContain(await second.exited);
    expect(running(serving)).toBe(false);
    expect(postgresOnFolder()).toEqual([]);
    expect(existsSync(pidFile)).toBe(false);
  });

  it("refuses to start on a folder a running server uses, and leaves that server's database alone", async () => {
    const holder = serve();
    await holder.ready;
    const held = postmaster();

    const other = serve({ PORT: String(await freePort()) });
    expect(await other.exited).toBe(1);
    expect(other.output().stderr).toContain(
      `used by a Waterside process that is still running (PID ${holder.child.pid})`,
    );
    expect(postmaster()).toBe(held);
    expect(await ready()).toEqual({ status: 200, body: expect.objectContaining({ status: "ready" }) });

    holder.child.kill("SIGTERM");
    expect([0, 143]).toContain(await holder.exited);
    expect(postgresOnFolder()).toEqual([]);
  });

  it("starts over a stale postmaster.pid whose process is gone", async () => {
    // The postmaster that wrote this content has stopped (first test): its PID names no process now.
    const gone = Number(pidFileContent.split("\n")[0]);
    expect(running(gone)).toBe(false);
    writePidFile(pidFileContent, gone);

    const server = serve();
    await server.ready;
    expect(await ready()).toEqual({ status: 200, body: expect.objectContaining({ status: "ready" }) });
    server.child.kill("SIGTERM");
    expect([0, 143]).toContain(await server.exited);
    expect(postgresOnFolder()).toEqual([]);
  });

  it("starts over a stale postmaster.pid whose PID now belongs to another program, and leaves that program alone", async () => {
    // After a reboot the old PID may be any program of PostgreSQL's own user, which PostgreSQL itself refuses to ignore.
    const owner = statSync(pgDir);
    const bystander = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"], {
      uid: owner.uid,
      gid: owner.gid,
      stdio: "ignore",
    });
    try {
      writePidFile(pidFileContent, bystander.pid!);

      const server = serve();
      await server.ready;
      expect(await ready()).toEqual({ status: 200, body: expect.objectContaining({ status: "ready" }) });
      expect(running(bystander.pid!)).toBe(true);
      // Closing the terminal that runs the server stops its PostgreSQL as Ctrl-C does.
      server.child.kill("SIGHUP");
      expect(await server.exited).toBe(0);
      expect(server.output().stdout).toContain("SIGHUP: stopping Waterside");
      expect(postgresOnFolder()).toEqual([]);
      expect(running(bystander.pid!)).toBe(true);
    } finally {
      bystander.kill();
    }
  });
});
