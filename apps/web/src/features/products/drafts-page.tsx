import { useQuery } from '@tanstack/react-query';
import { FilePen, FileText, Pencil, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { useDeleteProduct } from '@/features/products/delete-product';
import { readLocalDraft } from '@/features/products/local-draft';
import { productThumb } from '@/features/products/product-bits';
import { productMessages } from '@/features/products/products-api';
import { usePublishDraft } from '@/features/products/products-mutations';
import { productQueries } from '@/features/products/products-queries';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { lagosDateTime } from '@/lib/lagos-date';
import { formatNaira } from '@/lib/money';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';
import { ListSkeleton } from '@/ui/list-skeleton';

/** The drafts page (issue 7): drafts saved on the server, and the add form's unsaved work on this device. */
export function DraftsPage({ sellerId, api = appApi }: { sellerId: string; api?: ApiClient }) {
  const [page, setPage] = useState(1);
  const query = useQuery(productQueries.drafts(api, sellerId, page));
  const [local] = useState(() => readLocalDraft(sellerId, { kind: 'add' }));
  const { ask, dialog, deletingId } = useDeleteProduct({ api, sellerId });

  const publish = usePublishDraft({ api, sellerId });

  // Once per failed fetch, however often the screen renders meanwhile.
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(productMessages.fetchListFailed, productMessages.fetchListFailedDescription);
  }, [failedAt]);

  const totalPages = query.data?.totalPages ?? 0;
  useEffect(() => {
    if (!query.isPlaceholderData && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages, query.isPlaceholderData]);

  const drafts = query.data?.products ?? [];
  const localName = local?.values.name.trim();

  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink-muted text-sm">Products you started and have not published yet.</p>
      {local && (
        <section
          aria-label="Unsaved draft"
          className="flex flex-col gap-3 rounded-card border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center"
        >
          <FilePen className="size-8 shrink-0 text-brand-700" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-ink">{localName || 'Untitled product'}</p>
            <p className="text-ink-muted text-sm">
              Not saved yet, kept on this device since {lagosDateTime(local.savedAt)}.
            </p>
          </div>
          <Link to={paths.dashboard.addProducts} className={buttonClasses({ size: 'md' })}>
            Unsaved draft — continue
          </Link>
        </section>
      )}
      <section
        aria-label="Saved drafts"
        className="rounded-card bg-surface shadow-card"
        aria-busy={query.isFetching || undefined}
      >
        {query.isPending ? (
          <ListSkeleton label="Loading drafts" rows={3} thumbClassName="size-16" />
        ) : query.isError && !query.data ? (
          <div className="flex flex-col items-center gap-3 p-8 text-center">
            <p className="font-semibold text-ink">We could not load your drafts.</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : drafts.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
            <FileText className="size-10 text-ink-subtle" aria-hidden />
            <p className="font-semibold text-ink text-lg">No drafts</p>
            <p className="max-w-sm text-ink-muted text-sm">
              Use “Save as draft” on the product form to finish a listing later.
            </p>
            <Link to={paths.dashboard.addProducts} className={buttonClasses({ size: 'md' })}>
              Add product
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-line">
            {drafts.map((product) => {
              const publishing = publish.isPending && publish.variables?._id === product._id;
              return (
                <li key={product._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <div className="flex min-w-0 flex-1 gap-3">
                    {productThumb(product.images[0], 'lg')}
                    <div className="min-w-0">
                      <p className="line-clamp-2 font-semibold text-ink">{product.name}</p>
                      <p className="text-ink text-sm tabular-nums">
                        {formatNaira(product.price)} · Stock {product.stock}
                      </p>
                      <p className="text-ink-muted text-xs">Last edited {lagosDateTime(product.updatedAt)}</p>
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={paths.dashboard.editProduct(product._id)}
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    >
                      <Pencil className="size-4" aria-hidden />
                      Resume<span className="sr-only"> {product.name}</span>
                    </Link>
                    <Button
                      size="sm"
                      loading={publishing}
                      disabled={publish.isPending}
                      onClick={() => publish.mutate(product)}
                    >
                      {!publishing && <Send className="size-4" aria-hidden />}
                      Publish<span className="sr-only"> {product.name}</span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger-700"
                      loading={deletingId === product._id}
                      onClick={() => ask({ _id: product._id, name: product.name })}
                    >
                      {deletingId !== product._id && <Trash2 className="size-4" aria-hidden />}
                      {/* On a phone the bin alone, so the three fit one row; the name stays for screen readers. */}
                      <span className="max-sm:sr-only">Delete</span>
                      <span className="sr-only"> {product.name}</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {query.data && query.data.totalPages > 1 && (
          <nav
            aria-label="Pages"
            className="flex items-center justify-between gap-3 border-line border-t px-4 py-3 text-sm"
          >
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span className="text-ink-muted tabular-nums">
              Page {query.data.currentPage} of {query.data.totalPages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= query.data.totalPages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        )}
      </section>
      {dialog}
    </div>
  );
}
