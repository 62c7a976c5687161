import { STOREFRONT_PRODUCTS_PAGE, type StorefrontProduct, type StorefrontResponse } from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { toNaira } from '@/lib/naira.ts';
import { combinationsOf } from '@/modules/products/stock.variants.ts';
import type {
  StorefrontProductRow,
  StorefrontRepository,
  StorefrontShowRow,
} from '@/modules/storefront/storefront.repository.ts';

const BLIPS_SHOWN = 12;

const iso = (at: Date | string) => new Date(at).toISOString();
const blipPosterUrl = (key: string) => `/api/media/blips/${key.replace(/^public\/blips\//, '')}`;

const show = (row: StorefrontShowRow) => ({
  id: row.id,
  title: row.title,
  coverImage: row.cover_image,
  at: iso(row.at),
});

/** A product card: its price range and units on sale over the combinations, as the tray shows them. */
export function toStorefrontProduct(row: StorefrontProductRow): StorefrontProduct {
  const priceKobo = Number(row.price_kobo);
  const combinations = combinationsOf({ variants: row.variants, priceKobo, images: row.images });
  const prices = combinations.length > 0 ? combinations.map((c) => c.priceKobo) : [priceKobo];
  const stock =
    row.status === 'active'
      ? combinations.length > 0
        ? combinations.reduce((sum, c) => sum + c.stock, 0)
        : row.stock
      : 0;
  return {
    id: row.id,
    name: row.name,
    image: row.images[0] ?? combinations.find((c) => c.image)?.image ?? null,
    price: toNaira(Math.min(...prices)),
    maxPrice: toNaira(Math.max(...prices)),
    stock,
    buyNow: row.sale_type.buyNow && row.status === 'active',
    auction: row.sale_type.auction !== null && row.sale_type.auction !== undefined,
  };
}

/** The public store page: a store found by its link, with its shows, blips and products on sale. */
export function storefrontService({ repo, clock }: { repo: StorefrontRepository; clock: Clock }) {
  return {
    async page(slug: string, page: number): Promise<StorefrontResponse> {
      const store = await repo.storeBySlug(repo.db, slug);
      if (!store) throw new NotFoundError('Store');
      const [shows, blips, products] = await Promise.all([
        repo.shows(repo.db, store.id, clock.now()),
        repo.blips(repo.db, store.id, BLIPS_SHOWN),
        repo.products(repo.db, store.id, page, STOREFRONT_PRODUCTS_PAGE),
      ]);
      return {
        store: {
          id: store.id,
          storeName: store.store_name,
          slug: store.store_slug,
          description: store.store_description,
          avatarUrl: store.store_avatar_url,
          bannerUrl: store.store_banner_url,
          followers: store.followers,
          onVacation: store.vacation_mode,
          memberSince: iso(store.created_at),
        },
        live: shows.live ? { ...show(shows.live), viewers: shows.live.viewers } : null,
        upcoming: shows.upcoming.map(show),
        past: shows.past.map(show),
        blips: blips.map((b) => ({
          id: b.id,
          caption: b.caption,
          posterUrl: b.poster_key ? blipPosterUrl(b.poster_key) : null,
          views: b.views,
        })),
        products: {
          items: products.rows.map(toStorefrontProduct),
          page,
          totalPages: Math.max(1, Math.ceil(products.total / STOREFRONT_PRODUCTS_PAGE)),
          total: products.total,
        },
      };
    },
  };
}
export type StorefrontService = ReturnType<typeof storefrontService>;
