import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@/db/client.ts';
import { type ProductImages, productImages } from '@/modules/products/product-images.ts';
import {
  type ProductListCache,
  type ProductListCacheOptions,
  productListCache,
} from '@/modules/products/product-list-cache.ts';
import { productListsService } from '@/modules/products/product-lists.service.ts';
import { productPhotosRepository } from '@/modules/products/product-photos.repository.ts';
import { productsRepository } from '@/modules/products/products.repository.ts';
import { productsRoutes } from '@/modules/products/products.routes.ts';
import { productsService } from '@/modules/products/products.service.ts';
import type { StockService } from '@/modules/products/stock.service.ts';
import type { RequireSeller } from '@/plugins/auth.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import type { ImageSizes } from '@/uploads/image-sizes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The products lists' answer cache (product-list-cache.ts); tests read its `stats()`. */
    productLists: ProductListCache;
  }
}

/**
 * The catalogue: writes (products.service.ts), reads and search (product-lists.service.ts, their
 * answers cached per node and exposed as `app.productLists`) and photos (product-images.ts), whose
 * pipeline it answers for the resumable uploads.
 */
export async function registerProductsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    storage: FileStorage;
    /** The photos' sizes (issue 20). */
    sizes: ImageSizes;
    /** Whether one of the seller's scheduled or live shows offers the product (the live module answers). */
    inUpcomingOrLiveShow: (sellerId: string, productId: string) => Promise<boolean>;
    listCache: ProductListCacheOptions | undefined;
    requireSeller: RequireSeller;
    /** Stock notifications of the seller's edits (stock.service.ts); app.ts passes the one it shares. */
    stock?: Pick<StockService, 'productEdited'>;
    /** The seller whose own media the request's browser may load (lib/media-access.ts), or null. */
    mediaViewer: (request: FastifyRequest) => string | null;
  },
): Promise<{ photoUploads: Pick<ProductImages, 'storeReceived'> }> {
  const repo = productsRepository(deps.db);
  const images = productImages({
    storage: deps.storage,
    photos: productPhotosRepository(deps.db),
    sizes: deps.sizes,
  });
  const lists = productListCache(deps.db, deps.listCache);
  app.decorate('productLists', lists);
  await app.register(
    productsRoutes({
      products: productsService({
        repo,
        images,
        storage: deps.storage,
        inUpcomingOrLiveShow: deps.inUpcomingOrLiveShow,
        stockEvents: deps.stock,
      }),
      reads: productListsService({ repo }),
      images,
      lists,
      requireSeller: deps.requireSeller,
      mediaViewer: deps.mediaViewer,
    }),
  );
  // The resumable uploads (modules/uploads/resumable-uploads.ts) end in the same pipeline.
  return { photoUploads: images };
}
