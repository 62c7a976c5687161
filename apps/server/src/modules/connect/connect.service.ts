import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ConnectOverview, RotateCatalogueTokenResponse } from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { cursorBatches } from '@/lib/sql-cursor.ts';
import { catalogueCsv } from '@/modules/connect/catalogue-feed.ts';
import type { CatalogueProductRow, ConnectRepository } from '@/modules/connect/connect.repository.ts';
import { type BadgeState, badgeSvg } from '@/modules/connect/live-badge.ts';
import { qrPosterPdf } from '@/modules/connect/qr-poster.ts';

/** 32 random bytes, URL-safe: the only secret in the feed's address. */
const newToken = () => randomBytes(32).toString('base64url');

const LAGOS = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Kasuwa Connect (issue 17). The store link (`/api/connect/go/:sellerId`) is the one address every
 * channel shares: it redirects to the live show, else the next show, else the newest blip, so a link
 * printed on a poster or pinned on Instagram stays right without the seller changing it.
 */
export function connectService(deps: { repo: ConnectRepository; clock: Clock; publicUrl: string }) {
  const { repo, publicUrl } = deps;
  const storeLink = (sellerId: string) => `${publicUrl}/api/connect/go/${sellerId}`;
  const feedUrl = (token: string) => `${publicUrl}/api/connect/catalogue/${token}.csv`;

  return {
    storeLink,

    async overview(sellerId: string): Promise<ConnectOverview> {
      const store = await repo.publicStore(repo.db, sellerId);
      if (!store) throw new NotFoundError('Seller');
      const row = await repo.ensureConnectRow(repo.db, sellerId, newToken(), deps.clock.now());
      const [activeProducts, show] = await Promise.all([
        repo.activeProductCount(repo.db, sellerId),
        repo.currentShow(repo.db, sellerId, deps.clock.now()),
      ]);
      return {
        storeName: store.storeName,
        storeLink: storeLink(sellerId),
        catalogueFeedUrl: feedUrl(row.catalogueToken),
        catalogueTokenCreatedAt: row.catalogueTokenCreatedAt.toISOString(),
        activeProducts,
        badgeImageUrl: `${publicUrl}/api/connect/badge/${sellerId}.svg`,
        badgeLink: storeLink(sellerId),
        show: show
          ? { id: show.id, title: show.title, status: show.status, at: show.at.toISOString() }
          : null,
      };
    },

    async rotateToken(sellerId: string): Promise<RotateCatalogueTokenResponse> {
      const row = await repo.replaceToken(repo.db, sellerId, newToken(), deps.clock.now());
      return {
        message: 'New feed address made. Update it in Commerce Manager: the old one no longer works.',
        catalogueFeedUrl: feedUrl(row.catalogueToken),
        catalogueTokenCreatedAt: row.catalogueTokenCreatedAt.toISOString(),
      };
    },

    /** The feed of the store whose secret `token` is; an unknown or replaced token is a 404. */
    async catalogue(token: string): Promise<Readable> {
      const store = await repo.publicStoreByToken(repo.db, token);
      if (!store) throw new NotFoundError('Catalogue');
      const batches = cursorBatches<CatalogueProductRow>(repo.db, repo.activeProductsQuery(store.id), 500);
      return catalogueCsv(batches, {
        publicUrl,
        sellerId: store.id,
        storeName: store.storeName,
        storeLink: storeLink(store.id),
      });
    },

    async badge(sellerId: string): Promise<string> {
      const store = await repo.publicStore(repo.db, sellerId);
      if (!store) throw new NotFoundError('Store');
      const show = await repo.currentShow(repo.db, sellerId, deps.clock.now());
      const state: BadgeState = !show
        ? { kind: 'none', storeName: store.storeName }
        : show.status === 'live'
          ? { kind: 'live', storeName: store.storeName }
          : { kind: 'next', storeName: store.storeName, at: show.at };
      return badgeSvg(state);
    },

    /**
     * Where the store link leads now: the show on air; else the store's public page when it has a
     * link (Settings); else the next show, the newest blip, or null when there is nothing to watch.
     */
    async destination(sellerId: string): Promise<{ path: string | null; storeName: string }> {
      const store = await repo.publicStore(repo.db, sellerId);
      if (!store) throw new NotFoundError('Store');
      const show = await repo.currentShow(repo.db, sellerId, deps.clock.now());
      if (show?.status === 'live') return { path: `/watch/${show.id}`, storeName: store.storeName };
      if (store.storeSlug)
        return { path: `/store/${encodeURIComponent(store.storeSlug)}`, storeName: store.storeName };
      if (show) return { path: `/watch/${show.id}`, storeName: store.storeName };
      const blip = await repo.newestPublicBlip(repo.db, sellerId);
      return { path: blip ? `/watch/blips/${blip.id}` : null, storeName: store.storeName };
    },

    async poster(sellerId: string): Promise<Readable> {
      const store = await repo.publicStore(repo.db, sellerId);
      if (!store) throw new NotFoundError('Seller');
      const show = await repo.currentShow(repo.db, sellerId, deps.clock.now());
      const showLine = !show
        ? null
        : show.status === 'live'
          ? `Live now: ${show.title}`
          : `Next live show: ${LAGOS.format(show.at)}`;
      return qrPosterPdf({ storeName: store.storeName, storeLink: storeLink(sellerId), showLine });
    },

    /** The storage key of an active product's first photo (public already), or a 404. */
    async productImageUrl(productId: string): Promise<string> {
      const url = await repo.activeProductImage(repo.db, productId);
      if (!url) throw new NotFoundError('Image');
      return url;
    },
  };
}
export type ConnectService = ReturnType<typeof connectService>;
