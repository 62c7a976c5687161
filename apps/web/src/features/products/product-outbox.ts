import type { CreateProductBody, ProductImageUploadResponse, UpdateProductBody } from '@kasuwa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createProduct,
  type UploadFn,
  updateProduct,
  uploadProductImage,
} from '@/features/products/products-api';
import { productQueries } from '@/features/products/products-queries';
import type { ApiClient } from '@/lib/api-client';
import { keepInOutbox, type OutboxEntry, type OutboxSender, withServerPhotos } from '@/lib/outbox';
import { uploadResumable } from '@/lib/resumable-upload';
import { toast } from '@/lib/toast';

/**
 * A product saved with no connection (or with photos still on the phone): kept in the outbox and
 * sent when the connection returns, its photos first, each once.
 */
export interface QueuedProduct {
  /** Absent for a new product. */
  productId?: string;
  status: 'draft' | 'active';
  body: CreateProductBody | UpdateProductBody;
}

export const queuedMessages = {
  kept: 'Saved on this phone',
  keptDescription: 'It will upload by itself when you are back online.',
  waiting: 'Waiting to upload',
  sent: (name: string) => `${name} has been uploaded`,
  refused: (name: string) => `${name} could not be uploaded`,
} as const;

function isQueuedProduct(value: unknown): value is QueuedProduct {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.status === 'draft' || v.status === 'active') && typeof v.body === 'object' && v.body !== null;
}

export function queuedProductOf(entry: OutboxEntry): QueuedProduct | null {
  return isQueuedProduct(entry.payload) ? entry.payload : null;
}

/** Keeps the product in the outbox; true once it is safely stored on the phone. */
export function queueProduct(sellerId: string, product: QueuedProduct): Promise<boolean> {
  return keepInOutbox({
    kind: 'product',
    sellerId,
    title: product.body.name?.trim() || 'Untitled product',
    payload: product,
  });
}

/** The outbox's sender of products: photos up (each remembered), then the product itself. */
export function productSender({
  api,
  queryClient,
  upload,
}: {
  api: ApiClient;
  queryClient: QueryClient;
  upload?: UploadFn;
}): OutboxSender {
  return async (entry, tools) => {
    const queued = queuedProductOf(entry);
    if (!queued) throw new TypeError('This saved product could not be read.');
    // Byte-level resumable (tus) unless a test hands in its own multipart upload.
    const body = await withServerPhotos(queued.body, tools, async (file, progress) => {
      const answer = upload
        ? await uploadProductImage(file, progress.onProgress, { upload })
        : await uploadResumable<ProductImageUploadResponse>(file, 'product-photo', progress);
      return answer.image.url;
    });
    const answer =
      queued.productId === undefined
        ? await createProduct(api, { ...(body as CreateProductBody), status: queued.status })
        : await updateProduct(api, queued.productId, {
            ...(body as UpdateProductBody),
            status: queued.status,
          });
    toast.success(queuedMessages.sent(answer.product.name));
    await queryClient.invalidateQueries({ queryKey: productQueries.seller(entry.sellerId) });
  };
}
