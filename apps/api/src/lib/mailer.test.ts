import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver, type SmtpReceiver } from "../test/smtp-receiver.ts";
import { createMailer } from "./mailer.ts";

describe("mailer", () => {
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(() => receiver.close());

  it("delivers through the SMTP server of SMTP_URL", async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: receiver.smtpUrl,
      from: "Waterside <no-reply@waterside.test>",
      outboxDir: path.join(tmpdir(), "never-used"),
      log: { info: (line: string) => lines.push(line) },
    });
    await mailer.send({ to: "ama@example.com", subject: "Hello from Waterside", text: "Your code is 1234." });

    const mail = await receiver.nextMailTo("ama@example.com");
    expect(mail.from).toBe("no-reply@waterside.test");
    expect(mail.raw).toContain("Subject: Hello from Waterside");
    expect(mail.raw).toContain("Your code is 1234.");
    expect(lines).toEqual([]);
  });

  it("writes the mail to the outbox and logs one line when no SMTP server is configured", async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "waterside-mail-")), "outbox");
    const lines: string[] = [];
    const mailer = createMailer({
      from: "Waterside <no-reply@waterside.test>",
      outboxDir,
      log: { info: (line: string) => lines.push(line) },
    });
    await mailer.send({ to: "kofi@example.com", subject: "Reset code", text: "Your code is 9876." });

    const [file] = readdirSync(outboxDir);
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-kofi@example\.com\.eml$/);
    const message = readFileSync(path.join(outboxDir, file!), "utf8");
    expect(message).toContain("To: kofi@example.com");
    expect(message).toContain("Subject: Reset code");
    expect(message).toContain("Your code is 9876.");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(path.join(outboxDir, file!));
  });
});
