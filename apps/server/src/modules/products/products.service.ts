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
  type SellerProductsQuery,
  type SellerProductsResponse,
  type UpdateProductBody,
  type UpdateProductResponse,
  type Variant,
} from '@kasuwa/contracts';
import type { NewProductRow, SaleTypeRecord, VariantRecord } from '@/db/schema/index.ts';
import { BadRequestError, NotFoundError } from '@/lib/errors.ts';
import type { ProductsRepository, ProductView } from '@/modules/products/products.repository.ts';

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

export function productsService({ repo }: { repo: ProductsRepository }) {
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

  return {
    async create(sellerId: string, body: CreateProductBody): Promise<CreateProductResponse> {
      await assertCategory(body.categoryId, body.subCategoryId);
      const variants = variantRecords(body.variants);
      const stock = productStock(variants, body.stock);
      const id = await repo.insert({
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
      const current = await repo.findById(id);
      // Another seller's product answers as missing, so ids cannot be probed (BOLA).
      if (!current || current.row.sellerId !== sellerId) throw new NotFoundError('Product');
      const row = current.row;

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

      if (!(await repo.update(id, sellerId, patch))) throw new NotFoundError('Product');
      return { message: 'Product updated successfully', product: toProduct(await load(id)) };
    },

    async delete(sellerId: string, id: string): Promise<DeleteProductResponse> {
      const deleted = await repo.delete(id, sellerId);
      if (!deleted) throw new NotFoundError('Product');
      return { message: `${deleted.name} has been deleted successfully`, deletedProduct: deleted };
    },

    async listForSeller(
      sellerId: string,
      viewerId: string | null,
      query: SellerProductsQuery,
    ): Promise<SellerProductsResponse> {
      const vacationMode = await repo.sellerVacationMode(sellerId);
      if (vacationMode === null) throw new NotFoundError('Seller');
      const visible = viewerId === sellerId ? ALL_STATUSES : PUBLIC_STATUSES;
      const statuses = query.status ? visible.filter((s) => s === query.status) : visible;
      const [{ views, total }, stats] = await Promise.all([
        statuses.length === 0
          ? Promise.resolve({ views: [], total: 0 })
          : repo.list({
              sellerId,
              statuses,
              search: query.search || undefined,
              sortBy: query.sortBy,
              offset: (query.page - 1) * query.limit,
              limit: query.limit,
            }),
        repo.statistics(sellerId, visible),
      ]);
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
        totalPages: Math.ceil(total / query.limit),
        totalProducts: total,
        statistics,
        sellerVacationMode: vacationMode,
      };
    },
  };
}
export type ProductsService = ReturnType<typeof productsService>;
