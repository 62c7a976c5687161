import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { ProductForm } from '@/features/products/product-form';
import { productMessages, type UploadFn } from '@/features/products/products-api';
import { productQueries } from '@/features/products/products-queries';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';

/** The edit screen: loads the product (with the owner's token, so drafts load too), then the form. */
export function EditProductForm({
  sellerId,
  productId,
  api = appApi,
  upload,
}: {
  sellerId: string;
  productId: string;
  api?: ApiClient;
  upload?: UploadFn;
}) {
  const query = useQuery(productQueries.detail(api, productId));

  useEffect(() => {
    if (query.isError) toast.error(productMessages.fetchDetailsFailed, query.error.message);
  }, [query.isError, query.error]);

  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount)) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4" aria-busy>
        <span className="sr-only" role="status">
          Loading product
        </span>
        {[0, 1, 2].map((card) => (
          <div key={card} aria-hidden className="h-40 animate-pulse rounded-card bg-surface shadow-card" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
        <p className="font-semibold text-ink">We could not load this product.</p>
        <p className="text-ink-muted text-sm">{query.error.message}</p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
          <Link to={paths.dashboard.products} className={buttonClasses({ variant: 'ghost' })}>
            Back to products
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ProductForm
      key={query.data._id}
      sellerId={sellerId}
      mode={{ kind: 'edit', product: query.data }}
      api={api}
      upload={upload}
    />
  );
}
