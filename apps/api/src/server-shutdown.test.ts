import { connect } from "node:net";
import type { ClientToServerEvents, ServerToClientEvents } from "@waterside/shared/realtime";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./db/database.ts";
import { createTokenService } from "./modules/auth/tokens.ts";
import { createUser } from "./test/factories.ts";
import { describeNeeding } from "./test/needs.ts";
import { startTestServer, temporaryDataDir, webAppMissing } from "./test/server-process.ts";
import { createTestDatabase } from "./test/test-app.ts";

const TOKEN_SECRET = "s".repeat(40);
const data = temporaryDataDir("shutdown");
const dataDir = data.path;
let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.url, { max: 2 });
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
  data.remove();
});

/** The server on the test database, as production runs it (DATABASE_URL, no demo data), listening on a free port. */
const startServer = (env: Record<string, string> = {}) =>
  startTestServer({ DATABASE_URL: testDatabase.url, DATA_DIR: dataDir, TOKEN_SECRET, ...env });

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
    const user = await createUser(database.db);
    const { token } = await createTokenService(database.db, TOKEN_SECRET).startSession(
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
