import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock } from '@/lib/clock.ts';
import { createOutboxMailer, createSmtpMailer } from '@/mail/mailer.ts';
import { startFakeSmtp } from '@/test/fake-smtp.ts';
import { freePort } from '@/test/server-process.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-outbox-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('the outbox mailer', () => {
  it('writes each message as an RFC 5322 .eml file named by its ISO-8601 time', async () => {
    const clock = fakeClock(new Date('2026-11-21T08:15:30.123Z'));
    const logged: unknown[] = [];
    const mailer = createOutboxMailer(path.join(dir, 'outbox'), {
      from: 'Kasuwa Seller <no-reply@kasuwa.ng>',
      logger: { info: (...args: unknown[]) => logged.push(args) } as never,
      clock,
    });
    await mailer.send({
      to: 'ada@example.ng',
      subject: 'Your code is 123456',
      text: 'Use 123456 to verify. Ẹ ṣé!',
    });
    clock.advance(1000);
    await mailer.send({ to: 'bola@example.ng', subject: 'Second', text: 'Hello' });

    const files = (await fs.readdir(path.join(dir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^2026-11-21T08:15:30\.123Z-[0-9a-f]{8}\.eml$/);
    expect(files[1]).toMatch(/^2026-11-21T08:15:31\.123Z-/);
    const eml = await fs.readFile(path.join(dir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^From: Kasuwa Seller <no-reply@kasuwa\.ng>$/m);
    expect(eml).toMatch(/^To: ada@example\.ng$/m);
    expect(eml).toMatch(/^Subject: Your code is 123456$/m);
    expect(eml).toMatch(/^Message-ID: <.+>$/m);
    expect(eml).toMatch(/^Date: .+$/m);
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(logged).toHaveLength(2);
  });
});

describe('the SMTP mailer', () => {
  it('delivers through SMTP, and gives up within seconds on a server that accepts and never answers', async () => {
    const smtp = await startFakeSmtp(await freePort());
    const options = {
      from: 'Kasuwa Seller <no-reply@kasuwa.ng>',
      logger: { info: () => {} },
      clock: fakeClock(),
    };
    try {
      await smtp.setMode('up');
      const up = createSmtpMailer(smtp.url, options);
      await up.send({ to: 'ada@example.ng', subject: 'Hello', text: 'Ẹ ṣé' });
      up.close();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.data).toMatch(/^Subject: Hello$/m);

      // Stalled (issue 18, chaos): nodemailer's own default waited 30 s for the greeting.
      await smtp.setMode('stalled');
      const stalled = createSmtpMailer(smtp.url, options);
      const began = Date.now();
      await expect(stalled.send({ to: 'ada@example.ng', subject: 'Hello', text: 'x' })).rejects.toThrow(
        /greeting/i,
      );
      expect(Date.now() - began).toBeLessThan(8000);
      stalled.close();
    } finally {
      await smtp.stop();
    }
  }, 20_000);
});
