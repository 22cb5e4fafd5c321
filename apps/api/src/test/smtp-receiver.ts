import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as it arrived (headers and body). */
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps what it receives, so tests check mail the way
 * a mail server sees it. `smtpUrl` goes into SMTP_URL.
 */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        for (const waiter of waiters.filter((candidate) => candidate.match(mail))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail (already received or still to come) addressed to `to`. */
    nextMailTo(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const match = (mail: ReceivedMail) => mail.to.includes(to);
      const done = received.find(match);
      if (done) {
        received.splice(received.indexOf(done), 1);
        return Promise.resolve(done);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            received.splice(received.indexOf(mail), 1);
            resolve(mail);
          },
        });
      });
    },
    /** The mails to `to` received so far and not taken by nextMailTo: none, once the job that would mail has ended. */
    mailsTo: (to: string) => received.filter((mail) => mail.to.includes(to)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
