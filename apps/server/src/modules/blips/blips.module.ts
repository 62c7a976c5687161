import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { type BlipCommentsService, blipCommentsService } from '@/modules/blips/blip-comments.service.ts';
import { blipReactionsService } from '@/modules/blips/blip-reactions.service.ts';
import { blipsRepository } from '@/modules/blips/blips.repository.ts';
import { blipsRoutes } from '@/modules/blips/blips.routes.ts';
import { blipsService } from '@/modules/blips/blips.service.ts';
import { type BlipRateLimits, buyerBlipsRoutes } from '@/modules/blips/buyer-blips.routes.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { RequireBuyer, RequireSeller } from '@/plugins/auth.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import type { ImageSizes } from '@/uploads/image-sizes.ts';

/**
 * Blips: the seller's side (upload, list, delete, reply) and the buyers' (the public blip, likes,
 * views, comments). Answers the admin channel's comment writer.
 */
export async function registerBlipsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    storage: FileStorage;
    /** The posters' sizes (issue 20). */
    sizes: ImageSizes;
    clock: Clock;
    notifications: Pick<NotificationsService, 'createInTransaction'>;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
    rateLimits: BlipRateLimits;
    /** The seller whose own media the request's browser may load (lib/media-access.ts), or null. */
    mediaViewer: (request: FastifyRequest) => string | null;
    /** Analytics (issue 17): each counted view. */
    recordView?: (view: { sellerId: string; viewer: string; at: Date }) => Promise<void>;
  },
): Promise<Pick<BlipCommentsService, 'addBuyerComment'>> {
  const repo = blipsRepository(deps.db);
  const blips = blipsService({ repo, storage: deps.storage, sizes: deps.sizes, clock: deps.clock });
  const comments = blipCommentsService({ repo, clock: deps.clock, notifications: deps.notifications });
  const reactions = blipReactionsService({
    repo,
    clock: deps.clock,
    notifications: deps.notifications,
    recordView: deps.recordView,
  });
  await app.register(
    blipsRoutes({ blips, comments, requireSeller: deps.requireSeller, mediaViewer: deps.mediaViewer }),
  );
  await app.register(
    buyerBlipsRoutes({
      blips,
      comments,
      reactions,
      requireBuyer: deps.requireBuyer,
      rateLimits: deps.rateLimits,
    }),
  );
  return comments;
}
