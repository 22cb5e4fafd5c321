import { createECDH, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

interface Ece {
  decrypt(
    body: Buffer,
    parameters: { version: "aes128gcm"; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ): Buffer;
}
const ece = createRequire(import.meta.url)("http_ece") as Ece;

export interface ReceivedPush {
  path: string;
  /** performance.now() when it arrived, for latency figures. */
  at: number;
  headers: IncomingHttpHeaders;
  /** The payload, decrypted with the subscription's keys as the browser would (RFC 8291, aes128gcm). */
  payload: unknown;
}

/** A throwaway certificate for 127.0.0.1 (push services are HTTPS only): the server's key and the PEM to trust. */
function selfSignedCertificate() {
  const folder = mkdtempSync(path.join(tmpdir(), "waterside-push-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(folder, "key.pem"),
        "-out",
        path.join(folder, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(path.join(folder, "key.pem")), cert: readFileSync(path.join(folder, "cert.pem")) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A push service speaking the Web Push protocol (RFC 8030) over HTTPS on 127.0.0.1: it answers 201 to deliveries, or the status
 * set for a path (404/410 for a subscription that is gone), and keeps what it received. `subscribe()` makes a
 * browser-side subscription with real P-256 keys, so tests read the encrypted payloads.
 */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const statusByPath = new Map<string, number>();
  const keysByPath = new Map<string, { privateKey: ReturnType<typeof createECDH>; authSecret: Buffer }>();
  const certificate = selfSignedCertificate();
  const server = createServer(certificate, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const keys = keysByPath.get(path);
      const body = Buffer.concat(chunks);
      const payload = keys ? JSON.parse(ece.decrypt(body, { version: "aes128gcm", ...keys }).toString("utf8")) : null;
      received.push({ path, at: performance.now(), headers: request.headers, payload });
      response.writeHead(statusByPath.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let sequence = 0;

  return {
    received,
    /** Where it listens: the push relay the app is configured to trust (WEB_PUSH_RELAY). */
    origin,
    /** The certificate to trust (WEB_PUSH_CA_FILE), as one trusts a private push relay. */
    certificatePem: certificate.cert.toString("utf8"),
    /** A new subscription as a browser's `PushSubscription.toJSON()` gives it. */
    subscribe() {
      const path = `/push/${++sequence}`;
      const privateKey = createECDH("prime256v1");
      privateKey.generateKeys();
      const authSecret = randomBytes(16);
      keysByPath.set(path, { privateKey, authSecret });
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: privateKey.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
      };
    },
    /** Answers deliveries to this subscription with `status` from now on (410: the user unsubscribed). */
    answer(endpoint: string, status: number) {
      statusByPath.set(new URL(endpoint).pathname, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
