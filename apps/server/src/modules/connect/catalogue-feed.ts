import { pipeline, Readable } from 'node:stream';
import { CATALOGUE_FEED_COLUMNS } from '@kasuwa/contracts';
import { stringify } from 'csv-stringify';
import type { CatalogueProductRow } from '@/modules/connect/connect.repository.ts';

/**
 * The catalogue feed Meta's Commerce Manager reads for Facebook, Instagram and WhatsApp shops
 * (/work/shared/providers fact sheet §D): the required columns in Meta's order, US-English values
 * (`in stock`, `new`), prices as `1500.00 NGN` (a period, no thousands separators), fields with
 * commas, quotes or line breaks quoted and a quote doubled (csv-stringify's RFC 4180 quoting).
 * Titles are cut at 100 and descriptions at 5,000 characters, the older and stricter of Meta's two
 * published limits. No byte-order mark: Meta matches the header names exactly.
 */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 5000;
export const BRAND_MAX = 100;

export type FeedContext = {
  publicUrl: string;
  sellerId: string;
  storeName: string;
  /** Where a product a buyer cannot buy straight away (variants to choose, auction only) sends them. */
  storeLink: string;
};

const cut = (text: string, max: number) => {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
};

/** Meta refuses HTML in descriptions; a seller's text is plain, but tags pasted in are taken out. */
const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();

export const feedPrice = (kobo: number) => `${(kobo / 100).toFixed(2)} NGN`;

export function catalogueRecord(row: CatalogueProductRow, ctx: FeedContext): string[] {
  const title = cut(plain(row.name), TITLE_MAX);
  const description = cut(plain(row.description) || title, DESCRIPTION_MAX);
  const inStock = row.stock > 0 || row.variants.some((v) => v.totalStock > 0);
  const hasImage = row.images.length > 0 || row.variants.some((v) => v.images.length > 0);
  const buyable = row.sale_type.buyNow && row.options.length === 0;
  const link = buyable
    ? `${ctx.publicUrl}/checkout/buy?${new URLSearchParams({ productId: row.id, sellerId: ctx.sellerId, quantity: '1' })}`
    : ctx.storeLink;
  const record: Record<(typeof CATALOGUE_FEED_COLUMNS)[number], string> = {
    id: row.id,
    title,
    description,
    availability: inStock ? 'in stock' : 'out of stock',
    condition: row.condition,
    price: feedPrice(Number(row.price_kobo)),
    link,
    image_link: hasImage ? `${ctx.publicUrl}/api/connect/products/${row.id}/image.jpg` : '',
    brand: cut(ctx.storeName, BRAND_MAX),
  };
  return CATALOGUE_FEED_COLUMNS.map((column) => record[column]);
}

/** The feed as a stream: a batch of the cursor at a time, with back-pressure. */
export function catalogueCsv(batches: AsyncGenerator<CatalogueProductRow[]>, ctx: FeedContext): Readable {
  async function* records() {
    for await (const batch of batches) for (const row of batch) yield catalogueRecord(row, ctx);
  }
  const out = stringify({ header: true, columns: [...CATALOGUE_FEED_COLUMNS], record_delimiter: '\n' });
  return pipeline(Readable.from(records()), out, () => {});
}
