import {
  type CreateProductBody,
  type CreateProductResponse,
  DEFAULT_VARIANT_STOCK,
  type DeleteProductResponse,
  MAX_STOCK,
  type Product,
  type ProductStatistics,
  type ProductStatus,
  type SaleType,
  type SellerAuctionProductsQuery,
  type SellerAuctionProductsResponse,
  type SellerProductSearchQuery,
  type SellerProductSearchResponse,
  type SellerProductsQuery,
  type SellerProductsResponse,
  type UpdateProductBody,
  type UpdateProductResponse,
  type Variant,
} from '@kasuwa/contracts';
import type { NewProductRow, SaleTypeRecord, VariantRecord } from '@/db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import { imageUrlsOf, type ProductImages } from '@/modules/products/product-images.ts';
import {
  LIST_SORTS,
  type ProductsRepository,
  type ProductView,
  searchWords,
} from '@/modules/products/products.repository.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

/** What anyone may see of a seller's catalogue; drafts and archived products are the owner's alone. */
const PUBLIC_STATUSES: readonly ProductStatus[] = ['active', 'out_of_stock'];
const ALL_STATUSES: readonly ProductStatus[] = ['active', 'draft', 'out_of_stock', 'archived'];

const toKobo = (naira: number) => Math.round(naira * 100);
const toNaira = (kobo: number) => kobo / 100;
const toKoboOrNull = (naira: number | null) => (naira === null ? null : toKobo(naira));
const toNairaOrNull = (kobo: number | null) => (kobo === null ? null : toNaira(kobo));

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
const atLeastOne = (n: number) => Math.max(DEFAULT_VARIANT_STOCK, n);

/**
 * Stores the client's variant tree with the totals recomputed (SPEC section 4 "Variant structure"):
 * a parent's stock is the sum of its children's, never below 1. The client's totals are not trusted.
 */
export function variantRecords(variants: Variant[]): VariantRecord[] {
  return variants.map((v) => {
    const subVariants = v.subVariants.map((s) => {
      const subSubVariants = s.subSubVariants.map((x) => ({
        name: x.name,
        value: x.value,
        priceKobo: toKoboOrNull(x.price),
        stock: x.stock,
        sku: x.sku,
        images: x.images,
      }));
      const stock =
        subSubVariants.length === 0 ? s.stock : atLeastOne(sum(subSubVariants.map((x) => x.stock)));
      return {
        name: s.name,
        value: s.value,
        priceKobo: toKoboOrNull(s.price),
        stock,
        images: s.images,
        subSubVariants,
      };
    });
    const totalStock =
      subVariants.length === 0 ? atLeastOne(v.totalStock) : atLeastOne(sum(subVariants.map((s) => s.stock)));
    return {
      name: v.name,
      value: v.value,
      priceKobo: toKoboOrNull(v.price),
      totalStock,
      images: v.images,
      subVariants,
    };
  });
}

/** The product's stock: the variants' total (at least 1) when it has variants, else the seller's number. */
export function productStock(variants: VariantRecord[], stock: number): number {
  if (variants.length === 0) return stock;
  const total = atLeastOne(sum(variants.map((v) => v.totalStock)));
  if (total > MAX_STOCK) throw new BadRequestError('Total variant stock must be at most 1,000,000');
  return total;
}

/** Nothing left to sell makes an active product out of stock, and restocking makes it active again. */
export function effectiveStatus(requested: 'active' | 'draft' | 'archived', stock: number): ProductStatus {
  if (requested !== 'active') return requested;
  return stock === 0 ? 'out_of_stock' : 'active';
}

const saleTypeRecord = (s: SaleType): SaleTypeRecord => ({
  buyNow: s.buyNow,
  auction: s.auction
    ? {
        startingBidKobo: toKobo(s.auction.startingBid),
        ...(s.auction.reservePrice !== undefined ? { reservePriceKobo: toKobo(s.auction.reservePrice) } : {}),
      }
    : null,
});

/**
 * The lowest and highest price a buyer can pay: over every variant that holds stock (the deepest
 * level), each at its own price, else the nearest level's above it, else the product's. The same
 * rule values the stock (product_stock_value_kobo, migration 0010).
 */
export function priceRangeKobo(priceKobo: number, variants: VariantRecord[]): { min: number; max: number } {
  const prices: number[] = [];
  for (const v of variants) {
    const p1 = v.priceKobo ?? priceKobo;
    if (v.subVariants.length === 0) prices.push(p1);
    for (const s of v.subVariants) {
      const p2 = s.priceKobo ?? p1;
      if (s.subSubVariants.length === 0) prices.push(p2);
      for (const x of s.subSubVariants) prices.push(x.priceKobo ?? p2);
    }
  }
  if (prices.length === 0) return { min: priceKobo, max: priceKobo };
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** How many products of these statuses the statistics rows count. */
const countOf = (
  stats: readonly { status: ProductStatus; n: number }[],
  statuses: readonly ProductStatus[],
) => stats.filter((s) => statuses.includes(s.status)).reduce((n, s) => n + s.n, 0);

function toProduct({ row, category, subCategory }: ProductView): Product {
  return {
    _id: row.id,
    sellerId: row.sellerId,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    category,
    subCategoryId: row.subCategoryId,
    subCategory,
    price: toNaira(row.priceKobo),
    priceRange: (({ min, max }) => ({ min: toNaira(min), max: toNaira(max) }))(
      priceRangeKobo(row.priceKobo, row.variants),
    ),
    compareAtPrice: toNairaOrNull(row.compareAtPriceKobo),
    stock: row.stock,
    condition: row.condition,
    weightKg: row.weightKg,
    dimensionsCm: row.dimensionsCm,
    images: row.images,
    tags: row.tags,
    status: row.status,
    saleType: {
      buyNow: row.saleType.buyNow,
      auction: row.saleType.auction
        ? {
            startingBid: toNaira(row.saleType.auction.startingBidKobo),
            ...(row.saleType.auction.reservePriceKobo !== undefined
              ? { reservePrice: toNaira(row.saleType.auction.reservePriceKobo) }
              : {}),
          }
        : null,
    },
    options: row.options,
    variants: row.variants.map((v) => ({
      name: v.name,
      value: v.value,
      price: toNairaOrNull(v.priceKobo),
      totalStock: v.totalStock,
      images: v.images,
      subVariants: v.subVariants.map((s) => ({
        name: s.name,
        value: s.value,
        price: toNairaOrNull(s.priceKobo),
        stock: s.stock,
        images: s.images,
        subSubVariants: s.subSubVariants.map((x) => ({
          name: x.name,
          value: x.value,
          price: toNairaOrNull(x.priceKobo),
          stock: x.stock,
          sku: x.sku,
          images: x.images,
        })),
      })),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const pageCount = (total: number, limit: number) => Math.ceil(total / limit);

/** The refusal of a delete while buyers may still be shown the product live. */
export const PRODUCT_IN_SHOW_MESSAGE =
  'This product is in a scheduled or live show. You can delete it once the show has ended.';

export function productsService({
  repo,
  images,
  storage,
  inUpcomingOrLiveShow = async () => false,
}: {
  repo: ProductsRepository;
  images: Pick<ProductImages, 'assertOwnUploads'>;
  storage: Pick<FileStorage, 'delete'>;
  /** Whether one of the seller's scheduled or live shows offers the product (the live module answers). */
  inUpcomingOrLiveShow?: (sellerId: string, productId: string) => Promise<boolean>;
}) {
  async function assertCategory(categoryId: string, subCategoryId: string) {
    if (!(await repo.categoryPairExists(categoryId, subCategoryId))) {
      throw new BadRequestError('Unknown category or sub-category');
    }
  }

  async function load(id: string): Promise<ProductView> {
    const view = await repo.findById(id);
    if (!view) throw new NotFoundError('Product');
    return view;
  }

  /** The statuses the viewer may see, narrowed to the one asked for. */
  function statusesFor(sellerId: string, viewerId: string | null, status: ProductStatus | undefined) {
    const visible = viewerId === sellerId ? ALL_STATUSES : PUBLIC_STATUSES;
    return { visible, statuses: status ? visible.filter((s) => s === status) : visible };
  }

  return {
    async create(sellerId: string, body: CreateProductBody): Promise<CreateProductResponse> {
      await assertCategory(body.categoryId, body.subCategoryId);
      const variants = variantRecords(body.variants);
      const stock = productStock(variants, body.stock);
      const values: NewProductRow = {
        sellerId,
        name: body.name,
        description: body.description,
        categoryId: body.categoryId,
        subCategoryId: body.subCategoryId,
        priceKobo: toKobo(body.price),
        compareAtPriceKobo: toKoboOrNull(body.compareAtPrice ?? null),
        stock,
        condition: body.condition,
        weightKg: body.weightKg ?? null,
        dimensionsCm: body.dimensionsCm ?? null,
        images: body.images,
        tags: body.tags,
        status: effectiveStatus(body.status, stock),
        saleType: saleTypeRecord(body.saleType),
        options: body.options,
        variants,
      };
      // The photos are checked while the seller's uploads are held, so none is swept meanwhile.
      const id = await repo.holdingUploads(sellerId, async (w) => {
        await images.assertOwnUploads(sellerId, imageUrlsOf(body));
        return w.insert(values);
      });
      const product = toProduct(await load(id));
      return {
        message: 'Product created successfully',
        product,
        id: product._id,
        category: product.category,
        price: product.price,
        stock: product.stock,
        name: product.name,
      };
    },

    /** Drafts and archived products exist only for their owner; anyone else is told 404. */
    async get(id: string, viewerId: string | null): Promise<Product> {
      const view = await repo.findById(id);
      if (!view) throw new NotFoundError('Product');
      if (view.row.sellerId !== viewerId && !PUBLIC_STATUSES.includes(view.row.status)) {
        throw new NotFoundError('Product');
      }
      return toProduct(view);
    },

    async update(sellerId: string, id: string, body: UpdateProductBody): Promise<UpdateProductResponse> {
      // The row is read locked, in the transaction that writes it: fields the body leaves out are
      // kept as committed now, so a simultaneous edit of other fields is never written back over.
      const updated = await repo.holdingUploads(sellerId, async (w) => {
        const row = await w.lockForUpdate(id, sellerId);
        // Another seller's product answers as missing, so ids cannot be probed (BOLA).
        if (!row) return false;

        const categoryId = body.categoryId ?? row.categoryId;
        const subCategoryId = body.subCategoryId ?? row.subCategoryId;
        if (body.categoryId !== undefined || body.subCategoryId !== undefined) {
          await assertCategory(categoryId, subCategoryId);
        }
        const priceKobo = body.price !== undefined ? toKobo(body.price) : row.priceKobo;
        const compareAtPriceKobo =
          body.compareAtPrice !== undefined ? toKoboOrNull(body.compareAtPrice) : row.compareAtPriceKobo;
        if (compareAtPriceKobo !== null && compareAtPriceKobo <= priceKobo) {
          throw new BadRequestError('Compare-at price must be more than the price');
        }
        const variants = body.variants !== undefined ? variantRecords(body.variants) : row.variants;
        const stock = productStock(variants, body.stock ?? row.stock);
        const requested = body.status ?? (row.status === 'out_of_stock' ? 'active' : row.status);

        const patch: Partial<NewProductRow> = {
          categoryId,
          subCategoryId,
          priceKobo,
          compareAtPriceKobo,
          stock,
          variants,
          status: effectiveStatus(requested, stock),
        };
        if (body.name !== undefined) patch.name = body.name;
        if (body.description !== undefined) patch.description = body.description;
        if (body.condition !== undefined) patch.condition = body.condition;
        if (body.weightKg !== undefined) patch.weightKg = body.weightKg;
        if (body.dimensionsCm !== undefined) patch.dimensionsCm = body.dimensionsCm;
        if (body.images !== undefined) patch.images = body.images;
        if (body.tags !== undefined) patch.tags = body.tags;
        if (body.saleType !== undefined) patch.saleType = saleTypeRecord(body.saleType);
        if (body.options !== undefined) patch.options = body.options;

        // Photos already on the product stay acceptable; any other photo it will carry must be this
        // seller's upload, still stored.
        const stored = new Set(imageUrlsOf(row));
        const kept = imageUrlsOf({ images: patch.images ?? row.images, variants });
        await images.assertOwnUploads(
          sellerId,
          kept.filter((url) => !stored.has(url)),
        );
        return w.update(id, sellerId, patch);
      });
      if (!updated) throw new NotFoundError('Product');
      return { message: 'Product updated successfully', product: toProduct(await load(id)) };
    },

    async delete(sellerId: string, id: string): Promise<DeleteProductResponse> {
      if (await inUpcomingOrLiveShow(sellerId, id)) throw new ConflictError(PRODUCT_IN_SHOW_MESSAGE);
      const deleted = await repo.delete(id, sellerId);
      if (!deleted) throw new NotFoundError('Product');
      // The product's blips went with it (foreign key); their videos and posters go now.
      await storage.delete(deleted.blipFileKeys);
      return {
        message: `${deleted.name} has been deleted successfully`,
        deletedProduct: { id: deleted.id, name: deleted.name },
      };
    },

    async listForSeller(
      sellerId: string,
      viewerId: string | null,
      query: SellerProductsQuery,
    ): Promise<SellerProductsResponse> {
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
      const { vacationMode, stats, views } = found;
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
      return {
        products: views.map(toProduct),
        currentPage: query.page,
        totalPages: pageCount(total, query.limit),
        totalProducts: total,
        statistics,
        sellerVacationMode: vacationMode,
      };
    },

    /** GET /products/seller/{id}/search: words, price range, category and status, any sort. */
    async search(
      sellerId: string,
      viewerId: string | null,
      query: SellerProductSearchQuery,
    ): Promise<SellerProductSearchResponse> {
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
        statuses,
        // Unfiltered, the statistics count the matches; any filter needs them counted.
        { countMatches: !unfiltered && statuses.length > 0 },
      );
      if (!found) throw new NotFoundError('Seller');
      const total = statuses.length === 0 ? 0 : (found.counted ?? countOf(found.stats, statuses));
      return {
        data: found.views.map(toProduct),
        pagination: {
          currentPage: query.page,
          totalPages: pageCount(total, query.limit),
          total,
          limit: query.limit,
        },
      };
    },

    /**
     * GET /products/seller/{id}/auctions: active products set up for auction, newest first, for
     * anyone (a live auction offers them); drafts and sold-out products cannot be auctioned.
     */
    async auctions(
      sellerId: string,
      query: SellerAuctionProductsQuery,
    ): Promise<SellerAuctionProductsResponse> {
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
      const { views } = found;
      const total = found.counted ?? 0;
      return {
        auctionProducts: views.map(toProduct),
        pagination: {
          currentPage: query.page,
          totalPages: pageCount(total, query.limit),
          totalProducts: total,
          limit: query.limit,
        },
      };
    },
  };
}
export type ProductsService = ReturnType<typeof productsService>;
