import { conversationSocketEvents, typingPayload } from '@kasuwa/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import { messagePhotoLinks } from '@/modules/conversations/message-photos.ts';
import { messagesRepository } from '@/modules/conversations/messages.repository.ts';
import { messagesRoutes } from '@/modules/conversations/messages.routes.ts';
import {
  MESSAGE_TASKS,
  type MessagesService,
  messagesService,
} from '@/modules/conversations/messages.service.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { RequireBuyer, RequireSeller } from '@/plugins/auth.ts';
import type { Limit } from '@/plugins/rate-limit.ts';
import type { Realtime } from '@/plugins/realtime.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

export type MessagesModule = { service: MessagesService; tasks: TaskList };

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessagesModule;
  }
}

/** A typing signal is dropped when the same socket sent one for the same conversation this recently. */
const TYPING_EVERY_MS = 2_000;

/** Messages between sellers and buyers (issue 16): routes, the live events and the unread e-mail task. */
export async function registerMessagesModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    jobs: JobQueue;
    storage: FileStorage;
    realtime: Pick<Realtime, 'toSeller' | 'toBuyer' | 'onConnection'>;
    notifications: Pick<NotificationsService, 'createInTransaction'>;
    sendMail: (q: Queryable, mail: Mail) => Promise<void>;
    jwtSecret: string;
    publicUrl: string;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
    sendLimit?: Limit | undefined;
  },
): Promise<MessagesModule> {
  const photos = messagePhotoLinks(deps.jwtSecret, deps.clock);
  const service = messagesService({
    db: deps.db,
    repo: messagesRepository(deps.db),
    clock: deps.clock,
    jobs: deps.jobs,
    notifications: deps.notifications,
    push: { toSeller: deps.realtime.toSeller, toBuyer: deps.realtime.toBuyer },
    sendMail: deps.sendMail,
    photos,
    publicUrl: deps.publicUrl,
  });
  await app.register(
    messagesRoutes({
      service,
      photos,
      storage: deps.storage,
      requireSeller: deps.requireSeller,
      requireBuyer: deps.requireBuyer,
      ...(deps.sendLimit ? { sendLimit: deps.sendLimit } : {}),
    }),
  );

  // Typing goes to the other side only, after checking the socket's identity is a party to it.
  deps.realtime.onConnection((socket, identity) => {
    if (identity.kind === 'viewer') return;
    const lastSent = new Map<string, number>();
    socket.on(conversationSocketEvents.typing, (payload: unknown) => {
      const parsed = typingPayload.safeParse(payload);
      if (!parsed.success) return;
      const { conversationId } = parsed.data;
      const now = Date.now();
      if (now - (lastSent.get(conversationId) ?? 0) < TYPING_EVERY_MS) return;
      lastSent.set(conversationId, now);
      service
        .typingTarget({ kind: identity.kind, id: identity.id }, conversationId)
        .then((parties) => {
          if (!parties) return;
          const event = { conversationId, from: identity.kind };
          if (identity.kind === 'buyer')
            deps.realtime.toSeller(parties.sellerId, conversationSocketEvents.typing, event);
          else if (parties.buyerId)
            deps.realtime.toBuyer(parties.buyerId, conversationSocketEvents.typing, event);
        })
        .catch((err: unknown) => app.log.warn({ err }, 'typing signal failed'));
    });
  });

  const tasks: TaskList = {
    [MESSAGE_TASKS.unreadMail]: taskOf(z.object({ sellerId: z.uuid() }), ({ sellerId }) =>
      service.tasks.unreadMail(sellerId),
    ),
  };
  app.jobs.register(tasks);
  const module: MessagesModule = { service, tasks };
  app.decorate('messages', module);
  return module;
}
