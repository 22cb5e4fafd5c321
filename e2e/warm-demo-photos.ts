import os from "node:os";
import { freePort, startServerProcess, temporaryDataDir } from "../apps/api/src/test/server-process.ts";
import { JOURNEYS_SERVER_ENV } from "./journeys-server.ts";

/**
 * Fills the demo photo cache (~/.cache/waterside/demo-photos) by starting the journeys' server once, at the lowest
 * priority, and stopping it when it is ready. A fresh machine (CI's) otherwise draws the demo's photos when the
 * journeys start, about a minute of both cores while every journey waits; scripts/test-all.sh runs this beside the
 * unit tests, which leave part of the CPU idle. A cache already full makes this a start and a stop.
 */
const data = temporaryDataDir("warm-demo-photos");
const server = startServerProcess({
  ...JOURNEYS_SERVER_ENV,
  PORT: String(await freePort()),
  DATA_DIR: data.path,
  // The cache is under the home folder, as for the journeys' server.
  HOME: os.homedir(),
});
// Before it starts its database or draws anything: what it starts inherits the priority.
os.setPriority(server.child.pid!, 19);
// Stopped from outside (the unit tests failed): the server stops its database and goes too.
process.once("SIGTERM", () => {
  server.child.kill("SIGTERM");
  void server.exited.finally(() => {
    data.remove();
    process.exit(1);
  });
});
try {
  await server.ready;
  console.log("Demo photos cached for the journeys.");
} catch (error) {
  // The journeys' own start draws whatever is missing: a failure here costs time, never a result.
  console.log(`Demo photos not cached beforehand: ${(error as Error).message}`);
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  data.remove();
}
