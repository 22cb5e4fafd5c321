/** One text message to one number (E.164). */
export interface Sms {
  to: string;
  body: string;
}

export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects with SmsRejectedError when it refused it. */
  send(sms: Sms): Promise<{ id: string }>;
}

export interface TwilioConfig {
  /** https://api.twilio.com, or the local fake gateway's address. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** A Twilio number, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  from: string;
}

/** The provider refused the message (a bad number, an unreachable country, our account's limits). */
export class SmsRejectedError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(`SMS refused (${status}${code === null ? "" : `, code ${code}`}): ${message}`);
  }
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * Twilio's Programmable Messaging API (2010-04-01 Messages resource): a form-encoded POST with Basic auth of the
 * Account SID and Auth Token, answered 201 with the Message resource, or 4xx with {code, message, more_info, status}.
 * Twilio delivers to Liberian networks (Orange, Lonestar MTN). The request goes only to the configured apiUrl.
 */
export function createTwilioSender({ apiUrl, accountSid, authToken, from }: TwilioConfig): SmsSender {
  const url = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const sender: Record<string, string> = /^MG[0-9a-f]{32}$/i.test(from)
    ? { MessagingServiceSid: from }
    : { From: from };
  return {
    async send({ to, body }) {
      const response = await fetch(url, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ To: to, ...sender, Body: body }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (response.status !== 201 || typeof reply.sid !== "string") {
        throw new SmsRejectedError(response.status, reply.code ?? null, reply.message ?? response.statusText);
      }
      return { id: reply.sid };
    },
  };
}
