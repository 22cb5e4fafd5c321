import { existsSync, readFileSync, readlinkSync, realpathSync, unlinkSync } from "node:fs";
import path from "node:path";

/**
 * The setting, on the embedded postmaster's own command line, that names the process which started it: while that
 * process lives it is the postmaster's parent; once it has died (kill -9, a crash) the postmaster's parent is whoever
 * adopted the orphan, never a process with that PID.
 */
export const OWNER_SETTING = "waterside.owner_pid";

/** A fast shutdown (SIGINT) checkpoints and exits in a few seconds; one that takes longer is left to a person. */
const STOP_TIMEOUT_MS = 60_000;

interface ProcessView {
  ppid: number;
  argv: string[];
  /** Its own name (what `ps -o comm` shows), which a process cannot hide by rewriting its arguments. */
  name: string;
  /** The folder it works in; unreadable for another user's process unless we are root. */
  cwd?: string;
}

/**
 * What Linux's /proc shows of `pid`: "gone" when no such process runs (a zombie waiting for its parent has stopped),
 * "unknown" without /proc (macOS, Windows) or when it cannot be read.
 */
function inspectProcess(pid: number): ProcessView | "gone" | "unknown" {
  if (!existsSync("/proc/self/stat")) return "unknown";
  let stat: string;
  let argv: string[];
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "gone" : "unknown";
  }
  // "pid (name) state ppid …": the name may hold spaces and parentheses, the fields after it never do.
  const nameEnd = stat.lastIndexOf(")");
  const [state, ppid] = stat.slice(nameEnd + 2).split(" ");
  if (state === "Z" || state === "X") return "gone";
  let cwd: string | undefined;
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    // Another user's process: only root may read where it works; its arguments still tell.
  }
  return { ppid: Number(ppid), argv, name: stat.slice(stat.indexOf("(") + 1, nameEnd), cwd };
}

/**
 * Whether `view` is the postmaster of the cluster in `dir`: the postgres binary (a postmaster keeps its arguments,
 * its children rewrite theirs) working in that folder, as a postmaster chdirs into its data directory, or, when that
 * is not ours to read, started with `-D` on it.
 */
function isPostmasterOf(view: ProcessView, dir: string): boolean {
  if (path.basename(view.argv[0] ?? "") !== "postgres") return false;
  const folder = realpathSync(dir);
  if (view.cwd !== undefined) return view.cwd === folder;
  const at = view.argv.indexOf("-D");
  const given = at === -1 ? undefined : view.argv[at + 1];
  return given !== undefined && path.isAbsolute(given) && existsSync(given) && realpathSync(given) === folder;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    // Missing, or not ours to read: PostgreSQL's own start then says what is wrong.
    return undefined;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Clears what a process that died without stopping its embedded PostgreSQL (kill -9, a crash, a laptop switched
 * off) left on the data folder `dir`, so that the start that follows succeeds (docs/decisions/003):
 * - a postmaster still serving `dir` whose owner has died is stopped with a fast shutdown (SIGINT), and the wait for
 *   it to exit and remove its postmaster.pid is bounded;
 * - a postmaster.pid whose PID now belongs to a program that is not PostgreSQL (after a reboot) is removed; that
 *   program is never signalled. PostgreSQL itself ignores a postmaster.pid whose PID no longer runs.
 * A postmaster whose owner still runs is another Waterside process on the same folder: that is refused. Anything
 * this cannot prove (no /proc, a PostgreSQL it cannot place) is left to PostgreSQL, whose start then fails clearly.
 */
export async function stopLeftoverPostgres(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dir, "postmaster.pid");
  const content = readText(pidFile);
  const pid = Number(content?.split("\n")[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return;
  const view = inspectProcess(pid);
  if (view === "gone" || view === "unknown") return;

  if (!isPostmasterOf(view, dir)) {
    // A PostgreSQL process of some other cluster, or one we cannot place, is left to PostgreSQL's own checks.
    if ([view.name, ...view.argv].some((part) => part.includes("postgres"))) return;
    // Read again just before removing: a postmaster that started meanwhile would have written its own.
    if (readText(pidFile) === content) unlinkSync(pidFile);
    log(`Removed a stale ${pidFile}: its PID ${pid} now belongs to another program, which was left alone.`);
    return;
  }

  const owner = view.argv.find((part) => part.startsWith(`${OWNER_SETTING}=`))?.slice(OWNER_SETTING.length + 1);
  if (owner === undefined) {
    throw new Error(
      `PostgreSQL (PID ${pid}) is running on ${dir}, started by an older version that did not record its owner. ` +
        `If no Waterside process is running, stop it with \`kill -INT ${pid}\` and start again.`,
    );
  }
  if (view.ppid === Number(owner)) {
    throw new Error(
      `The data in ${dir} is used by a Waterside process that is still running (PID ${owner}): ` +
        `stop it first, or set DATA_DIR to another folder.`,
    );
  }

  log(
    `PostgreSQL (PID ${pid}) was still running on ${dir}, left by a process that ended without stopping it: stopping it…`,
  );
  try {
    process.kill(pid, "SIGINT");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EPERM") {
      throw new Error(
        `PostgreSQL (PID ${pid}) left running on ${dir} belongs to another user, and only that user or root may ` +
          `stop it: run \`sudo kill -INT ${pid}\`, then start again.`,
      );
    }
    if (code !== "ESRCH") throw error;
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  const stopped = () => inspectProcess(pid) === "gone" && readText(pidFile)?.split("\n")[0] !== String(pid);
  while (!stopped()) {
    if (Date.now() > deadline) {
      throw new Error(
        `PostgreSQL (PID ${pid}) on ${dir} did not stop within ${STOP_TIMEOUT_MS / 1000} s of a fast shutdown: ` +
          `stop it with \`kill -QUIT ${pid}\` and start again.`,
      );
    }
    await pause(100);
  }
  log(`Stopped it; starting PostgreSQL again.`);
}
