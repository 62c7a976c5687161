import type {
  CreateProductBody,
  CreateProductResponse,
  DeleteProductResponse,
  Product,
  ProductImageUploadResponse,
  ProductSort,
  ProductStatus,
  SellerProductsResponse,
  UpdateProductBody,
  UpdateProductResponse,
} from '@kasuwa/contracts';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { type UploadOptions, uploadForm } from '@/lib/upload';

/*
 * The product calls of SPEC section 7 and their toasts (section 8). Only types come from the
 * contracts here: the list and drafts screens must not pull zod into their chunks.
 */

export const PRODUCT_STATUSES: readonly ProductStatus[] = ['active', 'draft', 'out_of_stock', 'archived'];
export const PRODUCT_SORTS: readonly ProductSort[] = ['newest', 'oldest', 'price_asc', 'price_desc', 'name'];
/** SPEC section 9: the products page starts at page 1 with 10 products. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
/** The server's bound on a page (sellerProductsQuery). */
export const MAX_LIMIT = 100;

export const productMessages = {
  created: 'Product created successfully',
  createFailed: 'Failed to create product',
  createFailedDescription: 'Please try again',
  updated: 'Product updated successfully',
  updateFailed: 'Failed to update product',
  fetchListFailed: 'Failed to fetch products',
  fetchListFailedDescription: 'Please reload the page and try again',
  fetchDetailsFailed: 'Failed to fetch product details',
  deleteFailed: 'Failed to delete product',
  deleteNetwork: 'Network error: Please check your internet connection.',
  deleted: (name: string) => `${name} has been deleted successfully`,
} as const;

export interface ProductListParams {
  page: number;
  limit: number;
  sortBy: ProductSort;
  status?: ProductStatus | undefined;
  search?: string | undefined;
}

/* Query keys live in products-queries.ts; the categories' in lib/catalogue-queries.ts. */

export function listQueryString(params: ProductListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit),
    sortBy: params.sortBy,
  });
  if (params.status) query.set('status', params.status);
  if (params.search) query.set('search', params.search);
  return query.toString();
}

export function fetchSellerProducts(
  api: ApiClient,
  sellerId: string,
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<SellerProductsResponse> {
  return api.get<SellerProductsResponse>(
    `/products/seller/${encodeURIComponent(sellerId)}?${listQueryString(params)}`,
    { signal },
  );
}

export function fetchProduct(api: ApiClient, id: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/products/${encodeURIComponent(id)}`, { signal });
}

export function createProduct(api: ApiClient, body: CreateProductBody): Promise<CreateProductResponse> {
  return api.post<CreateProductResponse>('/products', body);
}

export function updateProduct(
  api: ApiClient,
  id: string,
  body: UpdateProductBody,
): Promise<UpdateProductResponse> {
  return api.put<UpdateProductResponse>(`/products/${encodeURIComponent(id)}`, body);
}

export function deleteProduct(api: ApiClient, id: string): Promise<DeleteProductResponse> {
  return api.request<DeleteProductResponse>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export type UploadFn = typeof uploadForm;

/** POST /products/images, one photo per request, with progress. */
export function uploadProductImage(
  file: File,
  onProgress: (fraction: number) => void,
  options: { upload?: UploadFn; signal?: AbortSignal } = {},
): Promise<ProductImageUploadResponse> {
  const form = new FormData();
  // The contract's field name (PRODUCT_IMAGE_FIELD) is a value export, which would pull zod in.
  form.append('image', file, file.name || 'photo.jpg');
  const upload = options.upload ?? uploadForm;
  const uploadOptions: UploadOptions = {
    onProgress: (loaded, total) => onProgress(total ? loaded / total : 0),
  };
  if (options.signal) uploadOptions.signal = options.signal;
  return upload<ProductImageUploadResponse>('/products/images', form, uploadOptions);
}

/** SPEC section 8: a delete that got no answer at all is a network problem, whatever the cause. */
export function deleteFailureToast(error: unknown): { title: string; description?: string } {
  if (isApiError(error) && error.status === 0 && error.kind !== 'aborted') {
    return { title: productMessages.deleteNetwork };
  }
  return {
    title: productMessages.deleteFailed,
    ...(isApiError(error) && error.kind === 'http' ? { description: error.message } : {}),
  };
}

export const statusLabels: Record<ProductStatus, string> = {
  active: 'Active',
  draft: 'Draft',
  out_of_stock: 'Out of stock',
  archived: 'Archived',
};

export const sortLabels: Record<ProductSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name (A–Z)',
};
