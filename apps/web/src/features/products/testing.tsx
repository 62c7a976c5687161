import type { Category, Product, ProductStatistics, ProductStatus } from '@kasuwa/contracts';
import { type Answer, type Call, fakeApiClient, type Override } from '@/test/in-memory-api';

/* Test helpers for the product screens: a product factory and an in-memory products API. */

export const SELLER_ID = '6f1c1f8e-0000-4000-8000-000000000001';
export const CATEGORY_ID = '6f1c1f8e-0000-4000-8000-0000000000c1';
export const SUB_CATEGORY_ID = '6f1c1f8e-0000-4000-8000-0000000000d1';

export const categories: Category[] = [
  {
    _id: CATEGORY_ID,
    name: 'Fashion',
    image: { url: '/api/media/categories/fashion.webp' },
    subCategories: [
      { _id: SUB_CATEGORY_ID, name: 'Women’s clothing' },
      { _id: '6f1c1f8e-0000-4000-8000-0000000000d2', name: 'Shoes' },
    ],
  } as Category,
];

let serial = 0;

export function testProduct(overrides: Partial<Product> = {}): Product {
  serial += 1;
  return {
    _id: `6f1c1f8e-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    sellerId: SELLER_ID,
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
    ...overrides,
  };
}

export type { Call } from '@/test/in-memory-api';

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

/**
 * A seller's catalogue behind the product endpoints, answering as the server does; `override` can
 * answer any call first (a failure, a 400 with issues).
 */
export function productsApi(initial: Product[] = [], override?: Override) {
  let products = [...initial];

  const answer = (call: Call): Answer => {
    const forced = override?.(call);
    if (forced) return forced;
    const { method, path, query } = call;
    if (method === 'GET' && path === '/categories') return { status: 200, body: { categories } };
    if (method === 'GET' && path.startsWith('/products/seller/')) {
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 10);
      const status = query.get('status');
      const search = query.get('search')?.toLowerCase();
      const matching = products.filter(
        (p) => (!status || p.status === status) && (!search || p.name.toLowerCase().includes(search)),
      );
      return {
        status: 200,
        body: {
          products: matching.slice((page - 1) * limit, page * limit),
          currentPage: page,
          totalPages: Math.ceil(matching.length / limit),
          totalProducts: matching.length,
          statistics: statistics(products),
          sellerVacationMode: false,
        },
      };
    }
    const id = path.match(/^\/products\/([^/]+)$/)?.[1];
    const product = products.find((p) => p._id === id);
    if (method === 'POST' && path === '/products') {
      const body = call.body as Omit<Product, '_id'>;
      const created = testProduct({ ...body, status: body.status });
      products = [created, ...products];
      return {
        status: 201,
        body: { message: 'Product created successfully', product: created, ...created, id: created._id },
      };
    }
    if (!product) return { status: 404, body: { message: 'Product not found' } };
    if (method === 'GET') return { status: 200, body: product };
    if (method === 'DELETE') {
      products = products.filter((p) => p._id !== id);
      return { status: 200, body: { message: 'Deleted', deletedProduct: { id, name: product.name } } };
    }
    if (method === 'PUT') {
      const updated = { ...product, ...(call.body as Partial<Product>) };
      products = products.map((p) => (p._id === id ? updated : p));
      return { status: 200, body: { message: 'Product updated successfully', product: updated } };
    }
    return { status: 404, body: { message: 'Not found' } };
  };

  const { api, calls } = fakeApiClient(answer);
  return { api, calls, products: () => products };
}
