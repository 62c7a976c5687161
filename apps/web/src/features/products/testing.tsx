import type { Category, Product, ProductStatistics, ProductStatus } from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/app/providers';
import { createApiClient } from '@/lib/api-client';

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

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | 'network-error';
type Override = (call: Call) => Answer | undefined;

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
  const calls: Call[] = [];

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

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://test',
    );
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const result = answer(call);
    if (result === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(result.body === undefined ? '' : JSON.stringify(result.body), {
      status: result.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  return {
    api: createApiClient({ fetch: fetch as typeof globalThis.fetch, getToken: () => 'token-1' }),
    calls,
    products: () => products,
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Renders one product screen at a path, with the app's query client settings and toasts. */
export function renderScreen(path: string, pattern: string, element: ReactNode) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
