import {
  type CreateProductBody,
  type CreateProductResponse,
  DEFAULT_VARIANT_STOCK,
  type DeleteProductResponse,
  MAX_STOCK,
  type ProductStatus,
  type SaleType,
  type UpdateProductBody,
  type UpdateProductResponse,
  type Variant,
} from '@kasuwa/contracts';
import type { NewProductRow, SaleTypeRecord, VariantRecord } from '@/db/schema/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import { toKobo } from '@/lib/naira.ts';
import { imageUrlsOf, type ProductImages } from '@/modules/products/product-images.ts';
import { toProduct } from '@/modules/products/product-view.ts';
import type { ProductsRepository, ProductView } from '@/modules/products/products.repository.ts';
import type { StockService } from '@/modules/products/stock.service.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { sizedKeysOf } from '@/uploads/image-sizes.ts';

const toKoboOrNull = (naira: number | null) => (naira === null ? null : toKobo(naira));

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

/** The refusal of a delete while buyers may still be shown the product live. */
export const PRODUCT_IN_SHOW_MESSAGE =
  'This product is in a scheduled or live show. You can delete it once the show has ended.';

/**
 * Writing the catalogue: create, edit and delete a product, with the variant and stock rules.
 * Reads are product-lists.service.ts, photos product-images.ts.
 */
export function productsService({
  repo,
  images,
  storage,
  inUpcomingOrLiveShow = async () => false,
  stockEvents,
}: {
  repo: ProductsRepository;
  images: Pick<ProductImages, 'assertOwnUploads'>;
  storage: Pick<FileStorage, 'delete'>;
  /** Whether one of the seller's scheduled or live shows offers the product (the live module answers). */
  inUpcomingOrLiveShow?: (sellerId: string, productId: string) => Promise<boolean>;
  /** The stock notifications of a seller's edit (back_in_stock), stored with the edit. */
  stockEvents?: Pick<StockService, 'productEdited'>;
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

    async update(sellerId: string, id: string, body: UpdateProductBody): Promise<UpdateProductResponse> {
      // The row is read locked, in the transaction that writes it: fields the body leaves out are
      // kept as committed now, so a simultaneous edit of other fields is never written back over.
      const updated = await repo.holdingUploads(sellerId, async (w) => {
        const row = await w.lockForUpdate(id, sellerId);
        // Another seller's product answers as missing, so ids cannot be probed (BOLA).
        if (!row) return null;

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
        if (!(await w.update(id, sellerId, patch))) return null;
        const name = patch.name ?? row.name;
        return (
          (await stockEvents?.productEdited(w.q, { id, sellerId, name }, row.stock, stock)) ?? (() => {})
        );
      });
      if (!updated) throw new NotFoundError('Product');
      updated();
      return { message: 'Product updated successfully', product: toProduct(await load(id)) };
    },

    async delete(sellerId: string, id: string): Promise<DeleteProductResponse> {
      if (await inUpcomingOrLiveShow(sellerId, id)) throw new ConflictError(PRODUCT_IN_SHOW_MESSAGE);
      const deleted = await repo.delete(id, sellerId);
      if (!deleted) throw new NotFoundError('Product');
      // The product's blips went with it (foreign key); their videos and posters (and sizes) go now.
      await storage.delete([...deleted.blipFileKeys, ...deleted.blipFileKeys.flatMap(sizedKeysOf)]);
      return {
        message: `${deleted.name} has been deleted successfully`,
        deletedProduct: { id: deleted.id, name: deleted.name },
      };
    },
  };
}
export type ProductsService = ReturnType<typeof productsService>;
