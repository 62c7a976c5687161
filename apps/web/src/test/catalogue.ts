import type {
  Category,
  CreateProductResponse,
  DeleteProductResponse,
  Product,
  ProductStatistics,
  ProductStatus,
  SellerAuctionProductsResponse,
  SellerProductsResponse,
  UpdateProductResponse,
} from '@kasuwa/contracts';
import { bodyCheck } from '@/test/contract-fake';
import { type Answer, type Call, fakeApiClient, type Override } from '@/test/in-memory-api';

/*
 * A seller's catalogue for web tests: one product factory, and one fake of the product endpoints
 * (categories, the seller's lists, the auction list, create, read, update, delete) that the
 * products, blips and live screens' fakes answer through. Answers are typed with the contract's
 * response types, so a fake cannot drift from what the server says.
 */

export const TEST_SELLER_ID = '6f1c1f8e-0000-4000-8000-000000000001';
export const CATEGORY_ID = '6f1c1f8e-0000-4000-8000-0000000000c1';
export const SUB_CATEGORY_ID = '6f1c1f8e-0000-4000-8000-0000000000d1';

export const testCategories = [
  {
    _id: CATEGORY_ID,
    name: 'Fashion',
    image: { url: '/api/media/categories/fashion.webp' },
    subCategories: [
      { _id: SUB_CATEGORY_ID, name: 'Women’s clothing' },
      { _id: '6f1c1f8e-0000-4000-8000-0000000000d2', name: 'Shoes' },
    ],
  },
] satisfies Category[];

let serial = 0;

/** An active buy-now product of the test seller, with a fresh id; tests override what they are about. */
export function testProduct(overrides: Partial<Product> = {}): Product {
  serial += 1;
  const product = {
    _id: `6f1c1f8e-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    sellerId: TEST_SELLER_ID,
    name: `Ankara dress ${serial}`,
    description: '',
    categoryId: CATEGORY_ID,
    category: 'Fashion',
    subCategoryId: SUB_CATEGORY_ID,
    subCategory: 'Women’s clothing',
    price: 15000,
    priceRange: { min: overrides.price ?? 15000, max: overrides.price ?? 15000 },
    compareAtPrice: null,
    stock: 4,
    condition: 'new',
    weightKg: null,
    dimensionsCm: null,
    images: [],
    tags: [],
    status: 'active',
    saleType: { buyNow: true, auction: null },
    options: [],
    variants: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  } satisfies Product;
  return { ...product, ...overrides };
}

function statistics(products: Product[]): ProductStatistics {
  const count = (status: ProductStatus) => products.filter((p) => p.status === status).length;
  return {
    total: products.length,
    active: count('active'),
    draft: count('draft'),
    out_of_stock: count('out_of_stock'),
    archived: count('archived'),
    totalStockValue: products.reduce((sum, p) => sum + p.price * p.stock, 0),
  };
}

const ok = <T>(body: T, status = 200): Answer => ({ status, body });

/**
 * The product endpoints over an in-memory catalogue, answering as the server does; `answer` gives
 * undefined for a call that is not one of them, so a feature's fake can answer it instead.
 */
export function fakeCatalogue(initial: Product[] = []) {
  let products = [...initial];

  const answer = (call: Call): Answer | undefined => {
    const { method, path, query } = call;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const search = query.get('search')?.toLowerCase() ?? '';
    const named = (p: Product) => p.name.toLowerCase().includes(search);

    if (method === 'GET' && path === '/categories') return ok({ categories: testCategories });
    if (method === 'GET' && /^\/products\/seller\/[^/]+$/.test(path)) {
      const statuses = query.getAll('status');
      const matching = products.filter(
        (p) => (statuses.length === 0 || statuses.includes(p.status)) && named(p),
      );
      return ok<SellerProductsResponse>({
        products: matching.slice((page - 1) * limit, page * limit),
        currentPage: page,
        totalPages: Math.ceil(matching.length / limit),
        totalProducts: matching.length,
        statistics: statistics(products),
        sellerVacationMode: false,
      });
    }
    if (method === 'GET' && /^\/products\/seller\/[^/]+\/auctions$/.test(path)) {
      const matching = products.filter(
        (p) => p.status === 'active' && p.saleType.auction !== null && named(p),
      );
      return ok<SellerAuctionProductsResponse>({
        auctionProducts: matching.slice((page - 1) * limit, page * limit),
        pagination: {
          currentPage: page,
          totalPages: Math.ceil(matching.length / limit),
          totalProducts: matching.length,
          limit,
        },
      });
    }
    if (method === 'POST' && path === '/products') {
      const created = testProduct(call.body as Partial<Product>);
      products = [created, ...products];
      return ok<CreateProductResponse>(
        { message: 'Product created successfully', product: created, ...created, id: created._id },
        201,
      );
    }
    const id = path.match(/^\/products\/([^/]+)$/)?.[1];
    if (id === undefined || id === 'images') return undefined;
    const product = products.find((p) => p._id === id);
    if (!product) return { status: 404, body: { message: 'Product not found' } };
    if (method === 'GET') return ok<Product>(product);
    if (method === 'DELETE') {
      products = products.filter((p) => p._id !== id);
      return ok<DeleteProductResponse>({ message: 'Deleted', deletedProduct: { id, name: product.name } });
    }
    if (method === 'PUT') {
      const updated = { ...product, ...(call.body as Partial<Product>) };
      products = products.map((p) => (p._id === id ? updated : p));
      return ok<UpdateProductResponse>({ message: 'Product updated successfully', product: updated });
    }
    return undefined;
  };

  return { answer, products: () => products };
}

/**
 * An API client over a fake seller: `override` answers any call first (a failure, a 400 with
 * issues), then `feature` (a screen's own endpoints: blips, streams), then the catalogue; anything
 * else is a 404.
 */
export function fakeSellerApi(
  options: { products?: Product[]; override?: Override; feature?: (call: Call) => Answer | undefined } = {},
) {
  const catalogue = fakeCatalogue(options.products);
  // Request bodies are read with the contract's schemas first (test/contract-fake.ts), before any
  // answer a test forces: a body the server would refuse fails the test.
  const { refusal } = bodyCheck();
  const { api, calls } = fakeApiClient(
    (call) =>
      refusal(call) ??
      options.override?.(call) ??
      options.feature?.(call) ??
      catalogue.answer(call) ?? { status: 404, body: { message: 'Not found' } },
  );
  return { api, calls, products: catalogue.products };
}
