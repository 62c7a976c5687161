import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail, Mailer } from '@/mail/mailer.ts';

/*
 * Mail delivered by the job queue: `send` only adds a `mail.send` job, so SMTP being slow or down
 * never fails (or slows) the request that wanted the mail; the worker delivers it, and a failed
 * delivery is retried with graphile-worker's exponential back-off (25 tries over about three days)
 * and stays visible in graphile_worker.jobs meanwhile.
 *
 * Which mails go through it: those nobody is waiting for on screen — order and payment
 * confirmations, shipping updates, payout notices, an approval or a disabled account, campaign
 * mails. Not the e-mailed codes (verification, password reset): the user waits for the code, so
 * auth sends it with the mailer directly and says at once when it cannot.
 */

export const SEND_MAIL_TASK = 'mail.send';

const mailJob = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  messageId: z.string().min(1),
});

export type MailJob = z.infer<typeof mailJob>;

/**
 * The `mail.send` task: hands the message to the mailer (SMTP or the outbox). Idempotent as far as
 * mail can be: a job is only marked done after the SMTP server accepted the message, so a crash in
 * between sends it again, with the same Message-ID; a duplicate is the failure mode, never a loss.
 */
export async function deliverMail(payload: MailJob, deps: { mailer: Mailer }): Promise<void> {
  await deps.mailer.send(payload);
}

export function mailTasks(deps: { mailer: Mailer }): TaskList {
  return { [SEND_MAIL_TASK]: taskOf(mailJob, (payload) => deliverMail(payload, deps)) };
}

export type QueuedMailer = Mailer & {
  /** Queues the mail in the caller's transaction: it is delivered only if that transaction commits. */
  sendIn(tx: Queryable, mail: Mail): Promise<void>;
};

/**
 * A Mailer whose `send` queues the mail on `db` (outside any transaction) and whose `sendIn` queues
 * it inside the caller's. Either returns once the job is stored, before any SMTP work.
 */
export function queuedMailer(jobs: JobQueue, db: Queryable): QueuedMailer {
  const enqueue = (q: Queryable, mail: Mail) => {
    const payload: MailJob = { ...mail, messageId: mail.messageId ?? `<${randomUUID()}@kasuwa.ng>` };
    return jobs.add(q, SEND_MAIL_TASK, payload);
  };
  return {
    send: (mail) => enqueue(db, mail),
    sendIn: (tx, mail) => enqueue(tx, mail),
    // Nothing to close: the worker's mailer is the one that holds SMTP connections.
    close: () => {},
  };
}
