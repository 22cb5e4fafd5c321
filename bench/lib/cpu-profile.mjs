// Preloaded into a server process (NODE_OPTIONS=--import) to write its CPU profile to CPU_PROFILE_DIR when it exits:
// node refuses --cpu-prof in NODE_OPTIONS, and the tests' server starter takes no node flags.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 1000 });
session.post("Profiler.start");
process.on("exit", () => {
  // The main thread's session answers synchronously, so the profile is written before the process ends.
  session.post("Profiler.stop", (error, result) => {
    if (error) return;
    const file = path.join(process.env.CPU_PROFILE_DIR, `server-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
  });
});
