import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { TwilioConfig } from "./sms.ts";

/** A message the fake gateway accepted, as kept in its outbox (one JSON file each). */
export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  time: string;
}

interface FakeSmsGatewayOptions {
  /** Where each accepted message is written as one JSON file (DATA_DIR/sms-outbox). */
  outboxDir: string;
  /** 0 (the default): a free port. */
  port?: number;
  host?: string;
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

/** Twilio's error body: {code, message, more_info, status}. */
function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

async function formBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A local stand-in for Twilio's Messages API, speaking its protocol: `POST /2010-04-01/Accounts/{AccountSid}/
 * Messages.json`, form-encoded To, From or MessagingServiceSid, and Body, with Basic auth of the Account SID and Auth
 * Token; 201 with the Message resource, or Twilio's error body (20003 Authenticate, 20404 unknown resource, 21211
 * invalid To, 21602 no Body, 21604 no From, 21617 Body over 1600 characters). `npm start` without SMS_* settings and
 * the tests send through the real client to it; what it accepts goes to its outbox, like the mail outbox.
 */
export async function startFakeSmsGateway({ outboxDir, port = 0, host = "127.0.0.1" }: FakeSmsGatewayOptions) {
  const accountSid = sid("AC");
  const authToken = randomBytes(16).toString("hex");
  const expectedAuthorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const messages: FakeSms[] = [];
  await mkdir(outboxDir, { recursive: true });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? "");
    if (request.headers.authorization !== expectedAuthorization) {
      return twilioError(response, 401, 20003, "Authenticate");
    }
    if (request.method !== "POST" || !match || decodeURIComponent(match[1]!) !== accountSid) {
      return twilioError(response, 404, 20404, `The requested resource ${request.url} was not found`);
    }
    if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
      return twilioError(response, 400, 21602, "Message body is required.");
    }
    const form = await formBody(request);
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? form.get("MessagingServiceSid") ?? "";
    const body = form.get("Body") ?? "";
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!from) return twilioError(response, 400, 21604, "A 'From' phone number is required.");
    if (!body) return twilioError(response, 400, 21602, "Message body is required.");
    if (body.length > 1600) {
      return twilioError(response, 400, 21617, "The concatenated message body exceeds the 1600 character limit.");
    }

    const now = new Date();
    const message: FakeSms = { sid: sid("SM"), to, from, body, time: now.toISOString() };
    messages.push(message);
    const stamp = message.time.replace(/[:.]/g, "-");
    await writeFile(path.join(outboxDir, `${stamp}-${to.slice(1)}-${message.sid}.json`), JSON.stringify(message));
    const date = now.toUTCString().replace("GMT", "+0000");
    response.writeHead(201, { "Content-Type": "application/json" });
    response.end(
      JSON.stringify({
        sid: message.sid,
        account_sid: accountSid,
        messaging_service_sid: form.get("MessagingServiceSid"),
        from: form.get("From"),
        to,
        body,
        status: "queued",
        num_segments: String(Math.ceil(body.length / 160)),
        num_media: "0",
        direction: "outbound-api",
        api_version: "2010-04-01",
        price: null,
        price_unit: "USD",
        error_code: null,
        error_message: null,
        date_created: date,
        date_updated: date,
        date_sent: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
      }),
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => twilioError(response, 500, 20500, "Internal Server Error"));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    outboxDir,
    /** Every message accepted since start, oldest first. */
    messages,
    /** Settings for the real client (lib/sms.ts) to send here. */
    clientConfig: { apiUrl: url, accountSid, authToken, from: "Waterside" } satisfies TwilioConfig,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSmsGateway = Awaited<ReturnType<typeof startFakeSmsGateway>>;
