import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  blipComments,
  blipLikeNotices,
  blipLikes,
  blips,
  blipViews,
  buyers,
  categories,
  type NewProductRow,
  products,
  sellers,
  subCategories,
  type VariantRecord,
} from '@/db/schema/index.ts';
import { hashPassword } from '@/lib/password.ts';
import { type RenderSvg, withSvgRenderer } from '@/lib/svg-renderer.ts';
import { DEMO_SELLER } from '@/seed/demo.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { videoDurationSeconds } from '@/uploads/videos.ts';

/**
 * The short WebM the demo blip plays (a 4 s canvas recording made with Chromium's MediaRecorder),
 * from the source tree; server.ts passes the same file found beside its bundle.
 */
export const DEMO_BLIP_VIDEO = fileURLToPath(new URL('../../fixtures/videos/blip.webm', import.meta.url));

/** The buyers who commented on, liked and watched the demo blip. */
const DEMO_BUYERS = [
  { name: 'Chioma Eze', email: 'chioma.eze@demo-buyers.kasuwa.ng' },
  { name: 'Tunde Bakare', email: 'tunde.bakare@demo-buyers.kasuwa.ng' },
  { name: 'Ngozi Okeke', email: 'ngozi.okeke@demo-buyers.kasuwa.ng' },
] as const;

type DemoProduct = {
  name: string;
  category: string;
  subCategory: string;
  description: string;
  priceNaira: number;
  compareAtNaira?: number;
  stock: number;
  colors: [string, string];
  status?: 'active' | 'draft';
  auction?: { startingBidNaira: number; reserveNaira: number };
  variants?: VariantRecord[];
  tags: string[];
};

const size = (value: string, stock: number) => ({
  name: 'Size',
  value,
  priceKobo: null,
  stock,
  images: [],
  subSubVariants: [],
});

/** What a Lagos seller of everyday goods might list, with prices in naira as of 2026. */
const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Ankara Maxi Dress',
    category: 'Fashion',
    subCategory: 'Ankara & African Prints',
    description: 'Floor-length Ankara maxi dress in 100% cotton wax print, fully lined, with side pockets.',
    priceNaira: 18_500,
    compareAtNaira: 22_000,
    stock: 11,
    colors: ['#f97316', '#be123c'],
    tags: ['ankara', 'dress', 'owambe'],
    variants: [
      {
        name: 'Colour',
        value: 'Orange',
        priceKobo: null,
        totalStock: 6,
        images: [],
        subVariants: [size('M', 2), size('L', 4)],
      },
      {
        name: 'Colour',
        value: 'Blue',
        priceKobo: null,
        totalStock: 5,
        images: [],
        subVariants: [size('M', 3), size('L', 2)],
      },
    ],
  },
  {
    name: 'Aso Oke Gele and Ipele Set',
    category: 'Fashion',
    subCategory: 'Aso Ebi & Lace',
    description: 'Hand-woven Aso Oke from Iseyin: gele and ipele, ready for the owambe.',
    priceNaira: 35_000,
    stock: 3,
    colors: ['#7c3aed', '#db2777'],
    tags: ['aso oke', 'gele'],
    auction: { startingBidNaira: 20_000, reserveNaira: 30_000 },
  },
  {
    name: 'Tecno Spark 20 Pro (256 GB)',
    category: 'Phones & Tablets',
    subCategory: 'Smartphones',
    description: 'Brand new, sealed, with one-year warranty. 8 GB RAM, 256 GB storage, 5000 mAh battery.',
    priceNaira: 245_000,
    compareAtNaira: 265_000,
    stock: 5,
    colors: ['#2563eb', '#1e3a8a'],
    tags: ['tecno', 'smartphone'],
  },
  {
    name: 'Shea Butter Body Cream (500 ml)',
    category: 'Health & Beauty',
    subCategory: 'Shea Butter & Natural Oils',
    description: 'Unrefined shea butter from Kwara whipped with coconut oil. No added fragrance.',
    priceNaira: 6_500,
    stock: 40,
    colors: ['#d97706', '#92400e'],
    tags: ['shea butter', 'skincare'],
  },
  {
    name: 'Non-stick Pot Set (5 pieces)',
    category: 'Home & Kitchen',
    subCategory: 'Cookware',
    description: 'Five non-stick pots with glass lids, 16 to 24 cm, for gas and electric cookers.',
    priceNaira: 42_000,
    stock: 8,
    colors: ['#475569', '#0f172a'],
    tags: ['kitchen', 'pots'],
  },
  {
    name: 'Ofada Rice (5 kg)',
    category: 'Groceries',
    subCategory: 'Rice & Grains',
    description: 'Stone-free local Ofada rice from Ogun State, in a 5 kg bag.',
    priceNaira: 12_500,
    stock: 25,
    colors: ['#65a30d', '#365314'],
    tags: ['rice', 'ofada'],
    status: 'draft',
  },
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A product photo drawn from SVG: the product's name on its colours (no download needed). */
function productPicture(render: RenderSvg, p: DemoProduct, width: number, height: number): Promise<Buffer> {
  // Bold sans glyphs are about 0.62 em wide: a long name gets a smaller size to stay inside.
  const nameSize = Math.round(Math.min(width / 16, (0.9 * width) / (0.62 * p.name.length)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${p.colors[0]}"/><stop offset="1" stop-color="${p.colors[1]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.8}" cy="${height * 0.2}" r="${width * 0.3}" fill="#fff" fill-opacity="0.12"/>
  <circle cx="${width * 0.15}" cy="${height * 0.85}" r="${width * 0.22}" fill="#000" fill-opacity="0.10"/>
  <text x="50%" y="52%" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${nameSize}" font-weight="bold" fill="#fff">${escapeXml(p.name)}</text>
  <text x="50%" y="62%" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(width / 22)}" fill="#fff" fill-opacity="0.85">Amaka's Closet</text>
</svg>`;
  return render(svg, 82);
}

const HOUR = 60 * 60 * 1000;

/**
 * Gives the demo seller a small catalogue on first start: six products (one with colour and size
 * variants, one set up for auction, one draft), photos drawn with sharp, and a blip with buyer
 * comments and a reply, so every products screen has something real to show. It runs only while
 * the demo seller has no products, so a catalogue the user has built is never touched.
 */
export async function seedDemoCatalogue({
  db,
  storage,
  now = new Date(),
  blipVideo = DEMO_BLIP_VIDEO,
}: {
  db: Database;
  storage: FileStorage;
  now?: Date;
  blipVideo?: string;
}): Promise<{ seeded: boolean }> {
  return withSvgRenderer((render) => seedWith(render, { db, storage, now, blipVideo }));
}

async function seedWith(
  render: RenderSvg,
  { db, storage, now, blipVideo }: { db: Database; storage: FileStorage; now: Date; blipVideo: string },
): Promise<{ seeded: boolean }> {
  const [seller] = await db.select().from(sellers).where(eq(sellers.email, DEMO_SELLER.email)).limit(1);
  if (!seller) return { seeded: false };
  const [existing] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.sellerId, seller.id))
    .limit(1);
  if (existing) return { seeded: false };

  const stored: string[] = [];
  const putPicture = async (p: DemoProduct) => {
    const key = `public/products/${seller.id}/${randomUUID()}.webp`;
    await storage.putBuffer(key, await productPicture(render, p, 1200, 1200));
    stored.push(key);
    return `/api/media/products/${key.slice('public/products/'.length)}`;
  };

  try {
    const rows: NewProductRow[] = [];
    for (const [index, p] of DEMO_PRODUCTS.entries()) {
      const [cat] = await db
        .select({ categoryId: categories.id, subCategoryId: subCategories.id })
        .from(subCategories)
        .innerJoin(categories, eq(categories.id, subCategories.categoryId))
        .where(and(eq(categories.name, p.category), eq(subCategories.name, p.subCategory)))
        .limit(1);
      if (!cat) continue;
      rows.push({
        sellerId: seller.id,
        name: p.name,
        description: p.description,
        ...cat,
        priceKobo: p.priceNaira * 100,
        compareAtPriceKobo: p.compareAtNaira ? p.compareAtNaira * 100 : null,
        stock: p.stock,
        images: [await putPicture(p), await putPicture({ ...p, colors: [p.colors[1], p.colors[0]] })],
        tags: p.tags,
        status: p.status ?? 'active',
        saleType: {
          buyNow: !p.auction,
          auction: p.auction
            ? {
                startingBidKobo: p.auction.startingBidNaira * 100,
                reservePriceKobo: p.auction.reserveNaira * 100,
              }
            : null,
        },
        options: p.variants
          ? [
              { id: 'colour', name: 'Colour', values: p.variants.map((v) => v.value) },
              { id: 'size', name: 'Size', values: ['M', 'L'] },
            ]
          : [],
        variants: p.variants ?? [],
        createdAt: new Date(now.getTime() - (DEMO_PRODUCTS.length - index) * 6 * HOUR),
      });
    }
    if (rows.length === 0) return { seeded: false };

    // The blip's files are stored before the rows that name them, and removed if anything fails.
    const videoKey = `public/blips/${seller.id}/${randomUUID()}.webm`;
    const scratch = path.join(storage.scratchDir, `seed-${randomUUID()}`);
    await fs.copyFile(blipVideo, scratch);
    const seconds = await videoDurationSeconds(scratch, { ext: 'webm', mime: 'video/webm' });
    await storage.putFile(videoKey, scratch);
    stored.push(videoKey);
    const posterKey = `public/blips/${seller.id}/${randomUUID()}.webp`;
    await storage.putBuffer(
      posterKey,
      await productPicture(render, DEMO_PRODUCTS[0] as DemoProduct, 720, 1280),
    );
    stored.push(posterKey);

    const demoBuyerHash = await hashPassword(randomBytes(24).toString('base64url'));
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(products)
        .values(rows)
        .returning({ id: products.id, name: products.name });
      const dress = inserted.find((r) => r.name === 'Ankara Maxi Dress');
      if (!dress) return;
      // The demo's likes, views and comments are real rows of demo buyers (who cannot log in: their
      // password is random and forgotten), so the counts agree with what buyers did.
      await tx
        .insert(buyers)
        .values(DEMO_BUYERS.map((b) => ({ name: b.name, email: b.email, passwordHash: demoBuyerHash })))
        .onConflictDoNothing();
      const fans = await tx
        .select({ id: buyers.id, email: buyers.email })
        .from(buyers)
        .where(
          inArray(
            buyers.email,
            DEMO_BUYERS.map((b) => b.email),
          ),
        );
      const buyerId = (name: string) =>
        fans.find((f) => f.email === DEMO_BUYERS.find((b) => b.name === name)?.email)?.id ?? null;
      const anonymousViewers = 9;
      const [blip] = await tx
        .insert(blips)
        .values({
          sellerId: seller.id,
          productId: dress.id,
          videoKey,
          videoMime: 'video/webm',
          posterKey,
          caption:
            'New Ankara maxi dresses just landed: sizes M and L, orange and blue. Order before Friday!',
          durationMs: Math.round((seconds ?? 4) * 1000),
          likesCount: fans.length,
          viewsCount: fans.length + anonymousViewers,
          createdAt: new Date(now.getTime() - 3 * HOUR),
        })
        .returning({ id: blips.id });
      if (!blip) return;
      const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
      if (fans.length > 0) {
        const likes = fans.map((f) => ({ blipId: blip.id, buyerId: f.id, createdAt: ago(1) }));
        await tx.insert(blipLikes).values(likes);
        await tx.insert(blipLikeNotices).values(likes);
      }
      await tx.insert(blipViews).values([
        ...fans.map((f) => ({ blipId: blip.id, viewer: `buyer:${f.id}`, countedAt: ago(2.75) })),
        ...Array.from({ length: anonymousViewers }, (_, i) => ({
          blipId: blip.id,
          viewer: `anon:${randomUUID()}`,
          countedAt: ago(2.5 - i * 0.25),
        })),
      ]);
      const comment = (
        authorName: string,
        text: string,
        hoursAgo: number,
        parentId: string | null = null,
      ) => ({
        blipId: blip.id,
        parentId,
        authorKind: parentId ? ('seller' as const) : ('buyer' as const),
        authorId: parentId ? seller.id : buyerId(authorName),
        authorName,
        text,
        createdAt: ago(hoursAgo),
      });
      const [first] = await tx
        .insert(blipComments)
        .values(comment('Chioma Eze', 'Is this available in size 14?', 2.5))
        .returning({ id: blipComments.id });
      await tx
        .insert(blipComments)
        .values([
          comment('Tunde Bakare', 'How much is delivery to Ibadan?', 1.5),
          comment('Ngozi Okeke', 'The colours are beautiful!', 0.5),
          ...(first
            ? [comment(seller.storeName, 'Yes! L fits a 14. Send us a message to order.', 2, first.id)]
            : []),
        ]);
    });
    return { seeded: true };
  } catch (err) {
    await storage.delete(stored);
    throw err;
  }
}
