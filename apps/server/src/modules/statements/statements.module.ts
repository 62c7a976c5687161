import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { statementsRepository } from '@/modules/statements/statements.repository.ts';
import { statementsRoutes } from '@/modules/statements/statements.routes.ts';
import { statementsService } from '@/modules/statements/statements.service.ts';
import type { RequireSeller } from '@/plugins/auth.ts';

/**
 * Statements (issue 15): read-only exports of the ledger's lines. The ledger module writes the
 * tables; this module reads them through its own repository and posts nothing.
 */
export async function registerStatementsModule(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; requireSeller: RequireSeller },
): Promise<void> {
  await app.register(
    statementsRoutes({
      statements: statementsService({ repo: statementsRepository(deps.db), clock: deps.clock }),
      requireSeller: deps.requireSeller,
    }),
  );
}
