// The thread of bench/lib/latency-probe.ts (plain JavaScript: node 20 runs no loader hooks in worker threads).
import { Agent, request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { name, url, connections, seconds, bodies } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const payloads = bodies.map((body) => Buffer.from(JSON.stringify(body)));
const durations = [];
let errors = 0;
let next = 0;
const ends = performance.now() + seconds * 1000;

const once = (payload) =>
  new Promise((done) => {
    const sent = request(url, {
      method: "POST",
      agent,
      headers: { "content-type": "application/json", "content-length": payload.length },
    });
    sent.once("response", (response) => {
      response.resume();
      response.once("end", () => done(response.statusCode === 200));
    });
    sent.once("error", () => done(false));
    sent.end(payload);
  });

await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < ends) {
      const started = performance.now();
      const ok = await once(payloads[next++ % payloads.length]);
      if (ok) durations.push(performance.now() - started);
      else errors += 1;
    }
  }),
);
agent.destroy();
durations.sort((a, b) => a - b);
const at = (share) => Math.round(durations[Math.floor(share * (durations.length - 1))] * 1000) / 1000;
parentPort.postMessage({
  name,
  requests: durations.length,
  rps: Math.round(durations.length / seconds),
  p50: at(0.5),
  p95: at(0.95),
  p99: at(0.99),
  errors,
});
