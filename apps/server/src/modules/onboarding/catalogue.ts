import type { Database } from '@/db/client.ts';
import { categories, subCategories } from '@/db/schema/index.ts';
import { withSvgRenderer } from '@/lib/svg-renderer.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

// Icon outlines from Lucide (ISC licence), drawn into each category's picture at seed time, so the
// catalogue has real images without any download.
const ICONS = {
  shirt:
    '<path d="M20.38 3.46 16 2a4 4 0 0 1-8 0L3.62 3.46a2 2 0 0 0-1.34 2.23l.58 3.47a1 1 0 0 0 .99.84H6v10c0 1.1.9 2 2 2h8a2 2 0 0 0 2-2V10h2.15a1 1 0 0 0 .99-.84l.58-3.47a2 2 0 0 0-1.34-2.23z"/>',
  smartphone: '<rect width="14" height="20" x="5" y="2" rx="2" ry="2"/><path d="M12 18h.01"/>',
  sparkles:
    '<path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z"/><path d="M20 2v4"/><path d="M22 4h-4"/><circle cx="4" cy="20" r="2"/>',
  sofa: '<path d="M20 9V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v3"/><path d="M2 16a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-5a2 2 0 0 0-4 0v1.5a.5.5 0 0 1-.5.5h-11a.5.5 0 0 1-.5-.5V11a2 2 0 0 0-4 0z"/><path d="M4 18v2"/><path d="M20 18v2"/><path d="M12 4v9"/>',
  tv: '<path d="m17 2-5 5-5-5"/><rect width="20" height="15" x="2" y="7" rx="2"/>',
  basket:
    '<path d="m15 11-1 9"/><path d="m19 11-4-7"/><path d="M2 11h20"/><path d="m3.5 11 1.6 7.4a2 2 0 0 0 2 1.6h9.8a2 2 0 0 0 2-1.6l1.7-7.4"/><path d="M4.5 15.5h15"/><path d="m5 11 4-7"/><path d="m9 11 1 9"/>',
  baby: '<path d="M10 16c.5.3 1.2.5 2 .5s1.5-.2 2-.5"/><path d="M15 12h.01"/><path d="M19.38 6.813A9 9 0 0 1 20.8 10.2a2 2 0 0 1 0 3.6 9 9 0 0 1-17.6 0 2 2 0 0 1 0-3.6A9 9 0 0 1 12 3c2 0 3.5 1.1 3.5 2.5s-.9 2.5-2 2.5c-.8 0-1.5-.4-1.5-1"/><path d="M9 12h.01"/>',
  dumbbell:
    '<path d="M17.596 12.768a2 2 0 1 0 2.829-2.829l-1.768-1.767a2 2 0 0 0 2.828-2.829l-2.828-2.828a2 2 0 0 0-2.829 2.828l-1.767-1.768a2 2 0 1 0-2.829 2.829z"/><path d="m2.5 21.5 1.4-1.4"/><path d="m20.1 3.9 1.4-1.4"/><path d="M5.343 21.485a2 2 0 1 0 2.829-2.828l1.767 1.768a2 2 0 1 0 2.829-2.829l-6.364-6.364a2 2 0 1 0-2.829 2.829l1.768 1.767a2 2 0 0 0-2.828 2.829z"/><path d="m9.6 14.4 4.8-4.8"/>',
  car: '<path d="M19 17h2c.6 0 1-.4 1-1v-3c0-.9-.7-1.7-1.5-1.9C18.7 10.6 16 10 16 10s-1.3-1.4-2.2-2.3c-.5-.4-1.1-.7-1.8-.7H5c-.6 0-1.1.4-1.4.9l-1.4 2.9A3.7 3.7 0 0 0 2 12v4c0 .6.4 1 1 1h2"/><circle cx="7" cy="17" r="2"/><path d="M9 17h6"/><circle cx="17" cy="17" r="2"/>',
  book: '<path d="M12 5v16"/><path d="M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z"/>',
  gem: '<path d="M10.5 3 8 9l4 13 4-13-2.5-6"/><path d="M17 3a2 2 0 0 1 1.6.8l3 4a2 2 0 0 1 .013 2.382l-7.99 10.986a2 2 0 0 1-3.247 0l-7.99-10.986A2 2 0 0 1 2.4 7.8l2.998-3.997A2 2 0 0 1 7 3z"/><path d="M2 9h20"/>',
  laptop:
    '<path d="M18 5a2 2 0 0 1 2 2v8.526a2 2 0 0 0 .212.897l1.068 2.127a1 1 0 0 1-.9 1.45H3.62a1 1 0 0 1-.9-1.45l1.068-2.127A2 2 0 0 0 4 15.526V7a2 2 0 0 1 2-2z"/><path d="M20.054 15.987H3.946"/>',
} as const;

type CatalogueEntry = {
  slug: string;
  name: string;
  icon: keyof typeof ICONS;
  colors: [string, string];
  subCategories: string[];
};

/** What a Nigerian marketplace seller typically lists, grouped the way buyers browse. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    slug: 'fashion',
    name: 'Fashion',
    icon: 'shirt',
    colors: ['#f97316', '#be123c'],
    subCategories: [
      "Women's Clothing",
      "Men's Clothing",
      'Ankara & African Prints',
      'Aso Ebi & Lace',
      'Shoes',
      'Bags',
      'Watches',
      'Kids Fashion',
    ],
  },
  {
    slug: 'phones-tablets',
    name: 'Phones & Tablets',
    icon: 'smartphone',
    colors: ['#2563eb', '#1e3a8a'],
    subCategories: [
      'Smartphones',
      'Feature Phones',
      'Tablets',
      'Phone Accessories',
      'Power Banks',
      'Chargers & Cables',
    ],
  },
  {
    slug: 'beauty',
    name: 'Health & Beauty',
    icon: 'sparkles',
    colors: ['#db2777', '#7e22ce'],
    subCategories: [
      'Skincare',
      'Makeup',
      'Hair Care & Wigs',
      'Fragrances',
      "Men's Grooming",
      'Shea Butter & Natural Oils',
    ],
  },
  {
    slug: 'home-kitchen',
    name: 'Home & Kitchen',
    icon: 'sofa',
    colors: ['#0d9488', '#115e59'],
    subCategories: [
      'Cookware',
      'Small Appliances',
      'Furniture',
      'Bedding',
      'Home Decor',
      'Storage & Organisation',
    ],
  },
  {
    slug: 'electronics',
    name: 'Electronics',
    icon: 'tv',
    colors: ['#4f46e5', '#312e81'],
    subCategories: ['Televisions', 'Audio & Speakers', 'Generators & Inverters', 'Solar Panels', 'Cameras'],
  },
  {
    slug: 'computing',
    name: 'Computing',
    icon: 'laptop',
    colors: ['#0284c7', '#0c4a6e'],
    subCategories: ['Laptops', 'Desktops', 'Printers', 'Storage Devices', 'Computer Accessories'],
  },
  {
    slug: 'groceries',
    name: 'Groceries',
    icon: 'basket',
    colors: ['#16a34a', '#14532d'],
    subCategories: [
      'Rice & Grains',
      'Beverages',
      'Spices & Seasoning',
      'Palm Oil & Cooking Oils',
      'Snacks',
      'Fresh Produce',
    ],
  },
  {
    slug: 'baby',
    name: 'Baby Products',
    icon: 'baby',
    colors: ['#f59e0b', '#b45309'],
    subCategories: ['Diapers', 'Baby Feeding', 'Baby Clothing', 'Toys', 'Baby Care'],
  },
  {
    slug: 'sports',
    name: 'Sports & Fitness',
    icon: 'dumbbell',
    colors: ['#dc2626', '#7f1d1d'],
    subCategories: ['Football', 'Gym Equipment', 'Sportswear', 'Outdoor & Camping'],
  },
  {
    slug: 'automobile',
    name: 'Automobile',
    icon: 'car',
    colors: ['#475569', '#0f172a'],
    subCategories: ['Car Parts', 'Car Electronics', 'Car Care', 'Tyres'],
  },
  {
    slug: 'jewellery',
    name: 'Jewellery & Accessories',
    icon: 'gem',
    colors: ['#a855f7', '#581c87'],
    subCategories: ['Beads & Coral', 'Gold & Silver', 'Sunglasses', 'Hair Accessories'],
  },
  {
    slug: 'books-stationery',
    name: 'Books & Stationery',
    icon: 'book',
    colors: ['#ca8a04', '#713f12'],
    subCategories: ['Textbooks', 'Novels', 'Office Supplies', 'Art & Craft'],
  },
];

export const categoryImageKey = (slug: string) => `public/categories/${slug}.webp`;
export const categoryImageUrl = (slug: string) => `/api/media/categories/${slug}.webp`;

/** A square picture: the category's colours as a gradient with its icon drawn large in white. */
export function categoryImageSvg(entry: Pick<CatalogueEntry, 'icon' | 'colors'>): string {
  const [from, to] = entry.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="320" height="320" fill="url(#g)"/>
  <circle cx="250" cy="70" r="110" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="60" cy="280" r="90" fill="#000000" fill-opacity="0.08"/>
  <g transform="translate(88 88) scale(6)" fill="none" stroke="#ffffff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${ICONS[entry.icon]}</g>
</svg>`;
}

/**
 * Seeds the catalogue on first start (the tables are empty) and draws any category picture missing
 * from storage. Running it again changes nothing.
 */
export async function seedCatalogue(db: Database, storage: FileStorage): Promise<{ seeded: boolean }> {
  await withSvgRenderer(async (render) => {
    for (const entry of CATALOGUE) {
      if (await storage.exists(categoryImageKey(entry.slug))) continue;
      await storage.putBuffer(categoryImageKey(entry.slug), await render(categoryImageSvg(entry), 85));
    }
  });
  const existing = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing.length > 0) return { seeded: false };
  await db.transaction(async (tx) => {
    for (const [position, entry] of CATALOGUE.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({ slug: entry.slug, name: entry.name, imageUrl: categoryImageUrl(entry.slug), position })
        .onConflictDoNothing()
        .returning({ id: categories.id });
      if (!row) continue;
      await tx
        .insert(subCategories)
        .values(entry.subCategories.map((name, index) => ({ categoryId: row.id, name, position: index })));
    }
  });
  return { seeded: true };
}
