import {
  type Product,
  type ProductStatistics,
  type ProductStatus,
  type SellerAuctionProductsQuery,
  type SellerProductSearchQuery,
  type SellerProductsQuery,
  sellerAuctionProductsResponse,
  sellerProductSearchResponse,
  sellerProductsResponse,
} from '@kasuwa/contracts';
import { BadRequestError, NotFoundError } from '@/lib/errors.ts';
import { toKobo, toNaira } from '@/lib/naira.ts';
import { listAnswerJson } from '@/lib/send-serialized.ts';
import { ALL_STATUSES, PUBLIC_STATUSES, toProduct } from '@/modules/products/product-view.ts';
import { LIST_SORTS, type ProductsRepository, searchWords } from '@/modules/products/products.repository.ts';

/** How many products of these statuses the statistics rows count. */
const countOf = (
  stats: readonly { status: ProductStatus; n: number }[],
  statuses: readonly ProductStatus[],
) => stats.filter((s) => statuses.includes(s.status)).reduce((n, s) => n + s.n, 0);

const pageCount = (total: number, limit: number) => Math.ceil(total / limit);

// Each answer's fields but its products, checked and written as the route's serializer would
// (unknown keys dropped).
const listEnvelope = sellerProductsResponse.omit({ products: true });
const searchEnvelope = sellerProductSearchResponse.omit({ data: true });
const auctionsEnvelope = sellerAuctionProductsResponse.omit({ auctionProducts: true });

/**
 * Reading the catalogue: one product, a seller's list with its statistics, the search and the
 * auction products, the lists as their JSON answers. Writes are products.service.ts; the answers are
 * cached by product-list-cache.ts.
 */
export function productListsService({ repo }: { repo: ProductsRepository }) {
  /** The statuses the viewer may see, narrowed to the one asked for. */
  function statusesFor(sellerId: string, viewerId: string | null, status: ProductStatus | undefined) {
    const visible = viewerId === sellerId ? ALL_STATUSES : PUBLIC_STATUSES;
    return { visible, statuses: status ? visible.filter((s) => s === status) : visible };
  }

  return {
    /** Drafts and archived products exist only for their owner; anyone else is told 404. */
    async get(id: string, viewerId: string | null): Promise<Product> {
      const view = await repo.findById(id);
      if (!view) throw new NotFoundError('Product');
      if (view.row.sellerId !== viewerId && !PUBLIC_STATUSES.includes(view.row.status)) {
        throw new NotFoundError('Product');
      }
      return toProduct(view);
    },

    async listForSeller(
      sellerId: string,
      viewerId: string | null,
      query: SellerProductsQuery,
    ): Promise<string> {
      const { visible, statuses } = statusesFor(sellerId, viewerId, query.status);
      const words = searchWords(query.search);
      // With no status left to show (a visitor asking for drafts) the page is empty, not 0 rows read.
      const found = await repo.readPage(
        {
          sellerId,
          statuses,
          words,
          ...LIST_SORTS[query.sortBy],
          offset: statuses.length === 0 ? 0 : (query.page - 1) * query.limit,
          limit: statuses.length === 0 ? 0 : query.limit,
        },
        visible,
        // Without words the statistics already count the matches.
        { countMatches: false },
      );
      if (!found) throw new NotFoundError('Seller');
      const { vacationMode, stats, answers } = found;
      const total = statuses.length === 0 ? 0 : (found.counted ?? countOf(stats, statuses));
      const statistics: ProductStatistics = {
        total: 0,
        active: 0,
        draft: 0,
        out_of_stock: 0,
        archived: 0,
        totalStockValue: 0,
      };
      let stockValueKobo = 0;
      for (const s of stats) {
        statistics[s.status] = s.n;
        statistics.total += s.n;
        stockValueKobo += s.stockValueKobo;
      }
      statistics.totalStockValue = toNaira(stockValueKobo);
      return listAnswerJson(
        'products',
        answers.join(','),
        listEnvelope.parse({
          currentPage: query.page,
          totalPages: pageCount(total, query.limit),
          totalProducts: total,
          statistics,
          sellerVacationMode: vacationMode,
        }),
      );
    },

    /** GET /products/seller/{id}/search: words, price range, category and status, any sort. */
    async search(
      sellerId: string,
      viewerId: string | null,
      query: SellerProductSearchQuery,
    ): Promise<string> {
      const { statuses } = statusesFor(sellerId, viewerId, query.status);
      let categoryId: string | undefined;
      if (query.category !== undefined) {
        const found = await repo.findCategoryId(query.category);
        if (!found) throw new BadRequestError(`category: unknown category "${query.category.slice(0, 100)}"`);
        categoryId = found;
      }
      const words = searchWords(query.query);
      const minPriceKobo = query.minPrice !== undefined ? toKobo(query.minPrice) : undefined;
      const maxPriceKobo = query.maxPrice !== undefined ? toKobo(query.maxPrice) : undefined;
      const unfiltered =
        words.length === 0 &&
        categoryId === undefined &&
        minPriceKobo === undefined &&
        maxPriceKobo === undefined;
      const found = await repo.readPage(
        {
          sellerId,
          statuses,
          words,
          minPriceKobo,
          maxPriceKobo,
          categoryId,
          sort: query.sortBy,
          order: query.order,
          offset: statuses.length === 0 ? 0 : (query.page - 1) * query.limit,
          limit: statuses.length === 0 ? 0 : query.limit,
        },
        // Unfiltered, the statistics count the matches; any filter needs them counted, and then
        // the statistics are not read at all.
        unfiltered ? statuses : [],
        { countMatches: !unfiltered && statuses.length > 0 },
      );
      if (!found) throw new NotFoundError('Seller');
      const total = statuses.length === 0 ? 0 : (found.counted ?? countOf(found.stats, statuses));
      return listAnswerJson(
        'data',
        found.answers.join(','),
        searchEnvelope.parse({
          pagination: {
            currentPage: query.page,
            totalPages: pageCount(total, query.limit),
            total,
            limit: query.limit,
          },
        }),
      );
    },

    /**
     * GET /products/seller/{id}/auctions: active products set up for auction, newest first, for
     * anyone (a live auction offers them); drafts and sold-out products cannot be auctioned.
     */
    async auctions(sellerId: string, query: SellerAuctionProductsQuery): Promise<string> {
      const found = await repo.readPage(
        {
          sellerId,
          statuses: ['active'],
          auctionOnly: true,
          words: searchWords(query.search),
          sort: 'createdAt',
          order: 'desc',
          offset: (query.page - 1) * query.limit,
          limit: query.limit,
        },
        [],
        { countMatches: true },
      );
      if (!found) throw new NotFoundError('Seller');
      const total = found.counted ?? 0;
      return listAnswerJson(
        'auctionProducts',
        found.answers.join(','),
        auctionsEnvelope.parse({
          pagination: {
            currentPage: query.page,
            totalPages: pageCount(total, query.limit),
            totalProducts: total,
            limit: query.limit,
          },
        }),
      );
    },
  };
}
export type ProductListsService = ReturnType<typeof productListsService>;
