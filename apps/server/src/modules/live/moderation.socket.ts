import { moderationAction, moderationSocketEvents } from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ModerationService } from '@/modules/live/moderation.service.ts';
import { answer, guardedBy, refuse } from '@/modules/live/socket-acks.ts';
import type { Realtime } from '@/plugins/realtime.ts';

/**
 * `chat_moderate` (issue 21): a moderator or the show's seller removes or pins a comment, or mutes
 * a viewer. The payload is read with the contract's schema; the service decides who may.
 */
export function registerModerationSocket({
  realtime,
  moderation,
  log,
}: {
  realtime: Pick<Realtime, 'onConnection'>;
  moderation: Pick<ModerationService, 'moderate'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}) {
  const guarded = guardedBy(log);
  realtime.onConnection((socket, identity) => {
    socket.on(
      moderationSocketEvents.moderate,
      guarded(async (payload, ack) => {
        if (identity.kind === 'viewer') return refuse(ack, 'Log in first');
        const parsed = moderationAction.safeParse(payload);
        if (!parsed.success) return refuse(ack, parsed.error.issues[0]?.message ?? 'Invalid action');
        answer(ack, await moderation.moderate(identity, parsed.data));
      }),
    );
  });
}
