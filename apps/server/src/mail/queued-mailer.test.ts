import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transactionsOf } from '@/lib/queryable.ts';
import type { Mail, Mailer } from '@/mail/mailer.ts';
import { deliverMail, queuedMailer, SEND_MAIL_TASK } from '@/mail/queued-mailer.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

/** An SMTP server that refuses the next `down` messages, then accepts. */
function flakySmtp() {
  const state = { down: 0, delivered: [] as Mail[], refused: 0 };
  const mailer: Mailer = {
    send: async (mail) => {
      if (state.down > 0) {
        state.down--;
        state.refused++;
        throw new Error('connect ECONNREFUSED 10.0.0.25:465');
      }
      state.delivered.push(mail);
    },
    close: () => {},
  };
  return { mailer, state };
}

const welcome: Mail = {
  to: 'ada@example.ng',
  subject: 'Your order is on its way',
  text: 'Order 1042 shipped.',
};

describe('deliverMail (the mail.send task)', () => {
  it('hands the message, Message-ID included, to the mailer', async () => {
    const smtp = flakySmtp();
    await deliverMail({ ...welcome, messageId: '<m1@kasuwa.ng>' }, { mailer: smtp.mailer });
    expect(smtp.state.delivered).toEqual([{ ...welcome, messageId: '<m1@kasuwa.ng>' }]);
  });
});

describe('queuedMailer', () => {
  let t: TestApp;
  const smtp = flakySmtp();

  beforeAll(async () => {
    t = await buildTestApp({ mailer: smtp.mailer });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    smtp.state.down = 0;
    smtp.state.delivered.length = 0;
    smtp.state.refused = 0;
  });

  it('only queues on send: the mail goes out when the worker runs the job', async () => {
    const mail = queuedMailer(t.jobs.queue, t.db);
    await mail.send(welcome);
    expect(smtp.state.delivered).toEqual([]);
    expect(await t.jobs.list()).toMatchObject([{ task: SEND_MAIL_TASK, payload: welcome }]);

    await t.jobs.runDue();
    expect(smtp.state.delivered).toEqual([
      { ...welcome, messageId: expect.stringMatching(/^<.+@kasuwa\.ng>$/) },
    ]);
  });

  it('sends nothing for a transaction that rolls back, and sends a committed one', async () => {
    const mail = queuedMailer(t.jobs.queue, t.db);
    const transaction = transactionsOf(t.db);
    await expect(
      transaction(async (tx) => {
        await mail.sendIn(tx, { ...welcome, subject: 'rolled back' });
        throw new Error('the order could not be saved');
      }),
    ).rejects.toThrow();
    await transaction(async (tx) => {
      await mail.sendIn(tx, { ...welcome, subject: 'committed' });
    });

    await t.jobs.runDue();
    expect(smtp.state.delivered.map((m) => m.subject)).toEqual(['committed']);
  });

  it('does not fail the sender while SMTP is down, and delivers once it is back, with the same Message-ID', async () => {
    smtp.state.down = 2;
    const mail = queuedMailer(t.jobs.queue, t.db);
    await expect(mail.send(welcome)).resolves.toBeUndefined();

    await t.jobs.runDue();
    const [afterFirst] = await t.jobs.list();
    expect(afterFirst).toMatchObject({ attempts: 1, lastError: 'connect ECONNREFUSED 10.0.0.25:465' });
    const messageId = afterFirst?.payload.messageId;

    // The back-off is graphile-worker's, counted from PostgreSQL's now(): go just past each retry's run_at.
    for (let attempt = 2; attempt <= 3; attempt++) {
      const [pending] = await t.jobs.list();
      t.clock.set(new Date((pending?.runAt.getTime() ?? 0) + 1));
      await t.jobs.runDue();
    }
    expect(smtp.state.refused).toBe(2);
    expect(smtp.state.delivered).toEqual([{ ...welcome, messageId }]);
    expect(await t.jobs.list()).toEqual([]);
  });
});
