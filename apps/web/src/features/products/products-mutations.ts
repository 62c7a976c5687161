import type {
  CreateProductBody,
  Product,
  SellerProductsResponse,
  UpdateProductBody,
} from '@kasuwa/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createProduct,
  deleteFailureToast,
  deleteProduct,
  productMessages,
  type UploadFn,
  updateProduct,
  uploadProductImage,
} from '@/features/products/products-api';
import { productQueries } from '@/features/products/products-queries';
import { analytics } from '@/lib/analytics';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/*
 * Every write of the products feature, each a useMutation that owns its toasts (SPEC section 8) and
 * what it changes in the cache. Screens call these and never the API themselves.
 */

/** What the seller saved: the body the form checked, as a draft or published. */
export interface SaveProductVariables {
  body: CreateProductBody | UpdateProductBody;
  status: 'draft' | 'active';
}

/**
 * Add (no `productId`) or edit a product. `onSaved` runs once the server has it, before the lists
 * refetch: the form forgets its local draft there, so nothing writes it back meanwhile.
 */
export function useSaveProduct({
  api,
  sellerId,
  productId,
  onSaved,
}: {
  api: ApiClient;
  sellerId: string;
  productId: string | undefined;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent even when the browser believes it is offline, and failing with the spec's toast if it
    // is, as the form's own call did; TanStack's default would hold it, the button spinning.
    networkMode: 'always',
    mutationFn: async ({ body, status }: SaveProductVariables): Promise<Product> => {
      if (productId === undefined) {
        return (await createProduct(api, { ...(body as CreateProductBody), status })).product;
      }
      return (await updateProduct(api, productId, { ...(body as UpdateProductBody), status })).product;
    },
    onSuccess: async (product) => {
      if (productId === undefined) {
        toast.success(productMessages.created);
        analytics().capture('product_listed', { productId: product._id, status: product.status });
      } else {
        toast.success(productMessages.updated);
        analytics().capture('product_updated', { productId: product._id, status: product.status });
      }
      onSaved();
      queryClient.setQueryData(productQueries.detailKey(product._id), product);
      await queryClient.invalidateQueries({ queryKey: productQueries.seller(sellerId) });
    },
    onError: (error) => {
      if (productId === undefined)
        toast.error(productMessages.createFailed, productMessages.createFailedDescription);
      else toast.error(productMessages.updateFailed, error instanceof Error ? error.message : undefined);
    },
  });
}

/** The drafts page's Publish: the draft becomes active as it is. */
export function usePublishDraft({ api, sellerId }: { api: ApiClient; sellerId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) => updateProduct(api, product._id, { status: 'active' }),
    onSuccess: (answer) => {
      toast.success(productMessages.updated);
      queryClient.setQueryData(productQueries.detailKey(answer.product._id), answer.product);
      void queryClient.invalidateQueries({ queryKey: productQueries.seller(sellerId) });
    },
    onError: (error) => toast.error(productMessages.updateFailed, error.message),
  });
}

export interface DeleteTarget {
  _id: string;
  name: string;
}

/** Takes a deleted product out of every cached list at once, before the refetch brings new totals. */
function dropFromLists(queryClient: QueryClient, sellerId: string, id: string) {
  queryClient.setQueriesData<SellerProductsResponse>(
    { queryKey: productQueries.seller(sellerId) },
    (list) => {
      if (!list?.products.some((p) => p._id === id)) return list;
      return {
        ...list,
        products: list.products.filter((p) => p._id !== id),
        totalProducts: Math.max(0, list.totalProducts - 1),
      };
    },
  );
}

/** Delete one product: the row goes from every list at once (SPEC section 4), then the lists refetch. */
export function useDeleteProductMutation({
  api,
  sellerId,
  onSettled,
}: {
  api: ApiClient;
  sellerId: string;
  onSettled: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: DeleteTarget) => deleteProduct(api, product._id),
    onSuccess: (answer, product) => {
      toast.success(productMessages.deleted(answer.deletedProduct?.name ?? product.name));
      dropFromLists(queryClient, sellerId, product._id);
      queryClient.removeQueries({ queryKey: productQueries.detailKey(product._id) });
      void queryClient.invalidateQueries({ queryKey: productQueries.seller(sellerId) });
    },
    onError: (error) => {
      const notice = deleteFailureToast(error);
      toast.error(notice.title, notice.description);
    },
    onSettled,
  });
}

/** One photo for POST /products/images, its progress as a fraction, and a signal to cancel it. */
export interface UploadImageVariables {
  file: File;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal | undefined;
}

/**
 * Uploads product photos, one request each. Every mutateAsync is an upload of its own, so several
 * run at once; the screens keep each photo's progress, error and retry. Sent whatever the browser
 * thinks of its connection (a failed upload says so and offers a retry), and forgotten once done.
 */
export function useUploadProductImage(upload: UploadFn | undefined) {
  return useMutation({
    networkMode: 'always',
    gcTime: 0,
    mutationFn: ({ file, onProgress, signal }: UploadImageVariables) =>
      uploadProductImage(file, onProgress, { ...(upload ? { upload } : {}), ...(signal ? { signal } : {}) }),
  });
}
