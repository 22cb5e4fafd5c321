import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text`. */
  html?: string;
  /** Extra header fields, such as RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the mail is handed over (to the SMTP server, or written to the outbox). */
  send(mail: Mail): Promise<void>;
}

interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where mails go when no SMTP server is configured (development and tests only; production requires SMTP_URL). */
  outboxDir: string;
  log: { info(line: string): void };
}

/**
 * Mail through SMTP when SMTP_URL is set. Without it the message is written as a .eml file under
 * DATA_DIR/outbox and logged in one line, so password reset works on a fresh checkout
 * (docs/decisions/017-password-reset-and-mail.md).
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(withSendTimeouts(smtpUrl));
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }

  // The stream transport builds the same RFC 5322 message SMTP would carry, without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const { message } = await composer.sendMail({ from, ...mail });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${mail.to.replace(/[^\w.@+-]/g, "_")}.eml`);
      await mkdir(outboxDir, { recursive: true });
      await writeFile(file, message as Buffer);
      log.info(`Mail to ${mail.to} ("${mail.subject}") written to ${file} (set SMTP_URL to send mail)`);
    },
  };
}

/**
 * nodemailer waits up to 2 minutes for a connection and 10 for a silent socket. A mail job must end well within its
 * queue's expiry, or another process would take the job over and send the mail again while the first still tries
 * (decision 096): a send gives up after about 50 s of silence unless SMTP_URL sets its own (`?socketTimeout=…`).
 */
const SEND_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function withSendTimeouts(smtpUrl: string) {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SEND_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}
