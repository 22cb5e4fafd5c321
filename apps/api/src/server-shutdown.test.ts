import { connect } from "node:net";
import type { ClientToServerEvents, ServerToClientEvents } from "@waterside/shared/realtime";
import { io, type Socket } from "socket.io-client";
import { expect, it } from "vitest";
import { createTokenService } from "./modules/auth/tokens.ts";
import { createUser } from "./test/factories.ts";
import { describeNeeding } from "./test/needs.ts";
import { webAppMissing } from "./test/server-process.ts";
import { serverTestBed } from "./test/server-test-bed.ts";

const bed = serverTestBed("shutdown");
const startServer = bed.start;

/**
 * A listing request whose body is still on its way: in flight until finish() sends its last byte. `arrived` resolves
 * once the server has read its headers (it answers `Expect: 100-continue` then); `received()` is what came after.
 */
function slowRequest(port: number) {
  const socket = connect(port, "127.0.0.1");
  const interim = "HTTP/1.1 100 Continue\r\n\r\n";
  let received = "";
  const arrived = new Promise<void>((resolve) =>
    socket.on("data", (chunk) => {
      received += chunk;
      if (received.startsWith(interim)) resolve();
    }),
  );
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.write(
    "POST /api/ads/get HTTP/1.1\r\nHost: waterside.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n" +
      "Expect: 100-continue\r\n\r\n{",
  );
  return { finish: () => socket.write("}"), arrived, closed, received: () => received.replace(interim, "") };
}

/** Whether the port refuses a new TCP connection. */
const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await wait(50);
  }
  return true;
}

describeNeeding([webAppMissing()], "stopping the server on SIGTERM", { timeout: 60_000 }, () => {
  it("refuses new connections, drops sockets, finishes the request in flight, then exits 0", async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT: "30" });
    const user = await createUser(bed.db);
    const { token } = await createTokenService(bed.db, bed.tokenSecret).startSession(
      { kind: "user", userId: user.id },
      "phone",
    );
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${server.port}`, {
      path: "/messages",
      auth: { token },
      transports: ["websocket"],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on("connect", () => resolve());
      socket.on("connect_error", reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.on("disconnect", (reason) => resolve(reason)));

    const inFlight = slowRequest(server.port);
    await inFlight.arrived;
    server.child.kill("SIGTERM");

    // Clients see the transport close, so they reconnect, through the load balancer, to a process that is up.
    expect(await disconnected).toBe("transport close");
    expect(await eventually(() => refuses(server.port))).toBe(true);
    expect(inFlight.received()).toBe("");

    const finished = performance.now();
    inFlight.finish();
    await inFlight.closed;
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(inFlight.received()).toContain('"data":');
    expect(await server.exited).toBe(0);
    // Its keep-alive connection was closed once idle, not left to hold the stop for keepAliveTimeout (72 s).
    expect(performance.now() - finished).toBeLessThan(5000);
    expect(server.output().stdout).toContain("SIGTERM: stopping Waterside");
    expect(server.output().stderr).toBe("");
    socket.disconnect();
  });

  it("first reports not ready for SHUTDOWN_DRAIN while still serving, then stops accepting", async () => {
    const server = await startServer({ SHUTDOWN_DRAIN: "2" });
    const ready = () => fetch(`${server.url}/api/ready`);
    expect((await ready()).status).toBe(200);
    const signalled = performance.now();
    server.child.kill("SIGTERM");

    // A load balancer polling readiness sees 503 and moves on; requests already routed here are still answered.
    expect(await eventually(async () => (await ready()).status === 503)).toBe(true);
    const draining = await ready();
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: "unavailable", draining: true });
    const listing = await fetch(`${server.url}/api/ads/get`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(listing.status).toBe(200);
    expect(await refuses(server.port)).toBe(false);

    expect(await eventually(() => refuses(server.port))).toBe(true);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(2000);
    expect(await server.exited).toBe(0);
  });

  it("cuts a request still in flight after SHUTDOWN_TIMEOUT, and still exits 0", async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT: "1" });
    const hung = slowRequest(server.port);
    await hung.arrived;
    const signalled = performance.now();
    server.child.kill("SIGTERM");

    await hung.closed;
    expect(hung.received()).toBe("");
    expect(await server.exited).toBe(0);
    const took = performance.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5000);
  });
});
