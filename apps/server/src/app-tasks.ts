import { mergeTaskLists, type TaskList } from '@/jobs/tasks.ts';
import type { Mailer } from '@/mail/mailer.ts';
import { mailTasks } from '@/mail/queued-mailer.ts';

/** What task handlers are built from; the server and the worker CLI both have all of it. */
export type TaskDeps = {
  mailer: Mailer;
};

/**
 * Every task of the application, as app.ts wires the routes: each module offers its own list
 * (`mailTasks`, later `ordersTasks`…) built from its dependencies, and this is the one place that
 * joins them. Both the in-process worker (app.ts) and `npm run worker` (cli/worker.ts) run this
 * list, so a job added by any node can be run by any worker.
 */
export function appTasks(deps: TaskDeps): TaskList {
  return mergeTaskLists(mailTasks({ mailer: deps.mailer }));
}
