import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import { supportRepository } from '@/modules/support/support.repository.ts';
import { supportRoutes } from '@/modules/support/support.routes.ts';
import { supportService } from '@/modules/support/support.service.ts';
import type { RequireSeller } from '@/plugins/auth.ts';
import type { Limit } from '@/plugins/rate-limit.ts';

/** Help & Support (issue 17): support tickets, e-mailed through the queued mailer. */
export async function registerSupportModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    sendMail: (q: Queryable, mail: Mail) => Promise<void>;
    publicUrl: string;
    requireSeller: RequireSeller;
    ticketLimit?: Limit;
    adminToken: string;
  },
) {
  const service = supportService({
    repo: supportRepository(deps.db),
    clock: deps.clock,
    sendMail: deps.sendMail,
    publicUrl: deps.publicUrl,
  });
  await app.register(
    supportRoutes({
      service,
      requireSeller: deps.requireSeller,
      adminToken: deps.adminToken,
      ...(deps.ticketLimit ? { ticketLimit: deps.ticketLimit } : {}),
    }),
  );
  return service;
}
