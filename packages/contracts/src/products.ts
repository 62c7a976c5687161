import { z } from 'zod';
import {
  DEFAULT_VARIANT_STOCK,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_PRICE_NAIRA,
  MAX_PRODUCT_TAGS,
  MAX_STOCK,
  MAX_VARIANT_LEVELS,
} from './limits.ts';
import { lineText, multilineText } from './text.ts';

export const productStatusSchema = z.enum(['active', 'draft', 'out_of_stock', 'archived']);
export type ProductStatus = z.infer<typeof productStatusSchema>;

export const productConditionSchema = z.enum(['new', 'used', 'refurbished']);
export type ProductCondition = z.infer<typeof productConditionSchema>;

// Prices travel as naira but are stored as integer kobo, so anything finer than a kobo would be lost.
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A price in naira: above zero, at most ₦100,000,000, whole kobo. */
export const nairaPrice = z
  .number({ error: 'Price must be a number' })
  .positive('Price must be more than 0')
  .max(MAX_PRODUCT_PRICE_NAIRA, 'Price must be at most 100,000,000')
  .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimal places');

const stockCount = z
  .number()
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(MAX_STOCK, 'Stock must be at most 1,000,000');
const imageUrl = z.string().trim().min(1).max(2048);
const images = z.array(imageUrl).max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} images`);
const variantText = z.string().trim().min(1).max(100);

/** One option of the variant builder (SPEC section 3 "Variants"): e.g. Colour with Red, Blue. */
export const variantOptionSchema = z.strictObject({
  id: z.string().min(1).max(100),
  name: variantText,
  values: z.array(variantText).min(1).max(50),
});
export type VariantOption = z.infer<typeof variantOptionSchema>;

/** Level 3: the leaf, with its generated SKU. A null price means the product's price. */
export const subSubVariantSchema = z.strictObject({
  name: variantText,
  value: variantText,
  price: nairaPrice.nullable(),
  stock: stockCount.default(DEFAULT_VARIANT_STOCK),
  sku: z.string().trim().max(100),
  images,
});
export type SubSubVariant = z.infer<typeof subSubVariantSchema>;

/** Level 2. */
export const subVariantSchema = z.strictObject({
  name: variantText,
  value: variantText,
  price: nairaPrice.nullable(),
  stock: stockCount.default(DEFAULT_VARIANT_STOCK),
  images,
  subSubVariants: z.array(subSubVariantSchema).max(50).default([]),
});
export type SubVariant = z.infer<typeof subVariantSchema>;

/** Level 1; totalStock is recomputed by the server from the levels below (SPEC section 4). */
export const variantSchema = z.strictObject({
  name: variantText,
  value: variantText,
  price: nairaPrice.nullable(),
  totalStock: stockCount.default(DEFAULT_VARIANT_STOCK),
  images,
  subVariants: z.array(subVariantSchema).max(50).default([]),
});
export type Variant = z.infer<typeof variantSchema>;

export const dimensionsCmSchema = z.strictObject({
  length: z.number().positive().max(10_000),
  width: z.number().positive().max(10_000),
  height: z.number().positive().max(10_000),
});
export type DimensionsCm = z.infer<typeof dimensionsCmSchema>;

export const auctionSettingsSchema = z
  .strictObject({ startingBid: nairaPrice, reservePrice: nairaPrice.optional() })
  .refine((a) => a.reservePrice === undefined || a.reservePrice >= a.startingBid, {
    message: 'Reserve price cannot be below the starting bid',
    path: ['reservePrice'],
  });

export const saleTypeSchema = z.strictObject({
  buyNow: z.boolean(),
  auction: auctionSettingsSchema.nullable(),
});
export type SaleType = z.infer<typeof saleTypeSchema>;

/** The statuses a seller may ask for; out_of_stock follows from stock, never from the client. */
export const requestedProductStatusSchema = z.enum(['active', 'draft', 'archived']);

// Field rules shared by create and update; defaults live only in create, so that an update
// leaving a field out keeps what is stored instead of resetting it.
const fields = {
  name: lineText().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  description: multilineText().max(5000, 'Description must be at most 5000 characters'),
  categoryId: z.uuid('Unknown category'),
  subCategoryId: z.uuid('Unknown sub-category'),
  price: nairaPrice,
  compareAtPrice: nairaPrice.nullable(),
  stock: stockCount,
  condition: productConditionSchema,
  weightKg: z.number().positive().max(10_000).nullable(),
  dimensionsCm: dimensionsCmSchema.nullable(),
  images,
  tags: z
    .array(lineText().trim().min(1).max(30, 'Tags must be at most 30 characters'))
    .max(MAX_PRODUCT_TAGS, `At most ${MAX_PRODUCT_TAGS} tags`),
  saleType: saleTypeSchema,
  options: z.array(variantOptionSchema).max(MAX_VARIANT_LEVELS, `At most ${MAX_VARIANT_LEVELS} options`),
  variants: z.array(variantSchema).max(200),
};

/** POST /products. */
export const createProductBody = z
  .strictObject({
    name: fields.name,
    description: fields.description.default(''),
    categoryId: fields.categoryId,
    subCategoryId: fields.subCategoryId,
    price: fields.price,
    compareAtPrice: fields.compareAtPrice.optional(),
    stock: fields.stock.default(1),
    condition: fields.condition.default('new'),
    weightKg: fields.weightKg.optional(),
    dimensionsCm: fields.dimensionsCm.optional(),
    images: fields.images.default([]),
    tags: fields.tags.default([]),
    status: z.enum(['active', 'draft']).default('active'),
    saleType: fields.saleType.default({ buyNow: true, auction: null }),
    options: fields.options.default([]),
    variants: fields.variants.default([]),
  })
  .refine((p) => p.compareAtPrice == null || p.compareAtPrice > p.price, {
    message: 'Compare-at price must be more than the price',
    path: ['compareAtPrice'],
  });
export type CreateProductBody = z.infer<typeof createProductBody>;

/** PUT /products/{id}: any subset of the fields; the server checks compare-at against the result. */
export const updateProductBody = z.strictObject({
  name: fields.name.optional(),
  description: fields.description.optional(),
  categoryId: fields.categoryId.optional(),
  subCategoryId: fields.subCategoryId.optional(),
  price: fields.price.optional(),
  compareAtPrice: fields.compareAtPrice.optional(),
  stock: fields.stock.optional(),
  condition: fields.condition.optional(),
  weightKg: fields.weightKg.optional(),
  dimensionsCm: fields.dimensionsCm.optional(),
  images: fields.images.optional(),
  tags: fields.tags.optional(),
  status: requestedProductStatusSchema.optional(),
  saleType: fields.saleType.optional(),
  options: fields.options.optional(),
  variants: fields.variants.optional(),
});
export type UpdateProductBody = z.infer<typeof updateProductBody>;

/** A product as the API answers it; money in naira. */
export const productSchema = z.object({
  _id: z.string(),
  sellerId: z.string(),
  name: z.string(),
  description: z.string(),
  categoryId: z.string(),
  category: z.string(),
  subCategoryId: z.string(),
  subCategory: z.string(),
  price: z.number(),
  /**
   * The lowest and highest price of the product's variants (each variant's own price, else the
   * nearest level's above it, else `price`); both are `price` for a product without variants.
   */
  priceRange: z.object({ min: z.number(), max: z.number() }),
  compareAtPrice: z.number().nullable(),
  stock: z.number().int(),
  condition: productConditionSchema,
  weightKg: z.number().nullable(),
  dimensionsCm: dimensionsCmSchema.nullable(),
  images: z.array(z.string()),
  tags: z.array(z.string()),
  status: productStatusSchema,
  saleType: z.object({
    buyNow: z.boolean(),
    auction: z.object({ startingBid: z.number(), reservePrice: z.number().optional() }).nullable(),
  }),
  options: z.array(variantOptionSchema),
  variants: z.array(variantSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productIdParams = z.object({ id: z.uuid('Product not found') });
export const sellerIdParams = z.object({ sellerId: z.uuid('Seller not found') });

/** POST /products answer: the product and the fields SPEC section 3 names for product creation. */
export const createProductResponse = z.object({
  message: z.string(),
  product: productSchema,
  id: z.string(),
  category: z.string(),
  price: z.number(),
  stock: z.number().int(),
  name: z.string(),
});
export type CreateProductResponse = z.infer<typeof createProductResponse>;

export const updateProductResponse = z.object({ message: z.string(), product: productSchema });
export type UpdateProductResponse = z.infer<typeof updateProductResponse>;

export const deleteProductResponse = z.object({
  message: z.string(),
  deletedProduct: z.object({ id: z.string(), name: z.string() }),
});
export type DeleteProductResponse = z.infer<typeof deleteProductResponse>;

export const productSortSchema = z.enum(['newest', 'oldest', 'price_asc', 'price_desc', 'name']);
export type ProductSort = z.infer<typeof productSortSchema>;

/** GET /products/seller/{sellerId} query (SPEC section 9: page 1, limit 10 by default). */
export const sellerProductsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: productSortSchema.default('newest'),
  status: productStatusSchema.optional(),
  search: lineText().trim().max(100).optional(),
});
export type SellerProductsQuery = z.infer<typeof sellerProductsQuery>;

/** Counts by status and the naira value of the stock, over every product the caller may see. */
export const productStatisticsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  draft: z.number().int(),
  out_of_stock: z.number().int(),
  archived: z.number().int(),
  totalStockValue: z.number(),
});
export type ProductStatistics = z.infer<typeof productStatisticsSchema>;

export const sellerProductsResponse = z.object({
  products: z.array(productSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalProducts: z.number().int(),
  statistics: productStatisticsSchema,
  sellerVacationMode: z.boolean(),
});
export type SellerProductsResponse = z.infer<typeof sellerProductsResponse>;

/** Multipart field of POST /products/images: one product photo per request. */
export const PRODUCT_IMAGE_FIELD = 'image';

/**
 * POST /products/images answer. The photo is checked by content, re-encoded as WebP without
 * metadata and stored under the seller; `url` is what a product's `images` list carries, and the
 * server accepts in a product only image URLs that the same seller uploaded.
 */
export const productImageUploadResponse = z.object({
  message: z.string(),
  image: z.object({ url: z.string() }),
});
export type ProductImageUploadResponse = z.infer<typeof productImageUploadResponse>;

/** Sort fields of the search; `order` says which way. */
export const productSearchSortSchema = z.enum(['createdAt', 'price', 'name']);
export type ProductSearchSort = z.infer<typeof productSearchSortSchema>;

const nairaFilter = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(0, `${field} cannot be negative`)
    .max(MAX_PRODUCT_PRICE_NAIRA, `${field} must be at most 100,000,000`);

/**
 * GET /products/seller/{sellerId}/search. `query` matches words or parts of words in the name
 * (trigram search); `minPrice`/`maxPrice` are naira, both ends included; `category` is a
 * category's id or its name (case-insensitive), an unknown one is a 400.
 */
export const sellerProductSearchQuery = z
  .strictObject({
    query: lineText().trim().max(100, 'query must be at most 100 characters').optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    sortBy: productSearchSortSchema.default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    minPrice: nairaFilter('minPrice').optional(),
    maxPrice: nairaFilter('maxPrice').optional(),
    category: lineText().trim().min(1).max(100).optional(),
    status: productStatusSchema.optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'maxPrice cannot be below minPrice',
    path: ['maxPrice'],
  });
export type SellerProductSearchQuery = z.infer<typeof sellerProductSearchQuery>;

/** Pagination of the search: `total` matching products, `limit` per page. */
export const searchPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
});
export type SearchPagination = z.infer<typeof searchPaginationSchema>;

export const sellerProductSearchResponse = z.object({
  data: z.array(productSchema),
  pagination: searchPaginationSchema,
});
export type SellerProductSearchResponse = z.infer<typeof sellerProductSearchResponse>;

/** GET /products/seller/{sellerId}/auctions query; `search` matches the name like the list's. */
export const sellerAuctionProductsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: lineText().trim().max(100).optional(),
});
export type SellerAuctionProductsQuery = z.infer<typeof sellerAuctionProductsQuery>;

/** SPEC section 3 "auction pagination": the same names as the product list's pagination. */
export const auctionPaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalProducts: z.number().int(),
  limit: z.number().int(),
});
export type AuctionPagination = z.infer<typeof auctionPaginationSchema>;

/**
 * GET /products/seller/{sellerId}/auctions answer: active products set up for auction
 * (saleType.auction not null), newest first — the ones a live auction can offer.
 */
export const sellerAuctionProductsResponse = z.object({
  auctionProducts: z.array(productSchema),
  pagination: auctionPaginationSchema,
});
export type SellerAuctionProductsResponse = z.infer<typeof sellerAuctionProductsResponse>;
