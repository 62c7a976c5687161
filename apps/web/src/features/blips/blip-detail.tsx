import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { BlipComments } from '@/features/blips/blip-comments';
import { BlipCounts } from '@/features/blips/blip-grid';
import { blipMessages, deleteBlip } from '@/features/blips/blips-api';
import { dropFromGrid, findInGrid } from '@/features/blips/blips-cache';
import { blipKeys, blipQueries } from '@/features/blips/blips-queries';
import { ShareBlip } from '@/features/blips/share-blip';
import { formatDuration } from '@/features/blips/video-checks';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { formatRelativeTime } from '@/lib/relative-time';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { useSingleImageUrl } from '@/ui/media-image';

export interface BlipDetailProps {
  api: ApiClient;
  sellerId: string;
  productId: string;
  blipId: string;
  /** Back to the grid. */
  onBack: () => void;
}

/** One blip: the video, its product, counts and caption, the comments with replies, and delete. */
export function BlipDetail({ api, sellerId, productId, blipId, onBack }: BlipDetailProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const query = useQuery({
    ...blipQueries.detail(api, productId, blipId),
    // What the grid already knows shows at once; the details replace it when they arrive.
    placeholderData: findInGrid(queryClient, sellerId, blipId),
  });

  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(blipMessages.fetchDetailsFailed);
  }, [failedAt]);

  const remove = useMutation({
    mutationFn: () => deleteBlip(api, productId, blipId),
    onSuccess: (answer) => {
      toast.success(answer.message || blipMessages.deleted);
      dropFromGrid(queryClient, sellerId, blipId);
      // The details' key is the comments' prefix: one call forgets both.
      queryClient.removeQueries({ queryKey: blipKeys.detail(blipId) });
      setConfirming(false);
      onBack();
    },
    meta: { errorToast: blipMessages.deleteFailed },
    onError: () => setConfirming(false),
  });

  const blip = query.data;
  // The video's column is at most 400 CSS pixels wide.
  const poster = useSingleImageUrl(blip?.posterUrl, 400);
  const gone = query.isError && isApiError(query.error) && query.error.status === 404;

  return (
    <div className="mt-4 flex flex-col gap-4">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden />
          All blips
        </Button>
      </div>
      {!blip ? (
        query.isPending ? (
          <div
            role="status"
            aria-label="Loading blip"
            className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,400px)_1fr]"
          >
            <span className="aspect-[9/16] max-h-[60dvh] w-full animate-pulse rounded-card bg-line" />
            <span className="h-40 animate-pulse rounded-card bg-line" />
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
            <p className="font-semibold text-ink">
              {gone ? 'This blip is no longer available.' : 'We could not load this blip.'}
            </p>
            {!gone && (
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            )}
          </div>
        )
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,400px)_minmax(0,1fr)] lg:items-start">
          <section aria-label="Blip" className="overflow-hidden rounded-card bg-surface shadow-card">
            <div className="flex justify-center bg-black">
              {/* biome-ignore lint/a11y/useMediaCaption: sellers upload phone clips without caption files; the caption text is shown below. */}
              <video
                key={blip.videoUrl}
                src={blip.videoUrl}
                poster={poster}
                controls
                playsInline
                preload="metadata"
                aria-label={`Blip of ${blip.product.name}`}
                className="aspect-[9/16] max-h-[60dvh] w-full object-contain"
              />
            </div>
            <div className="flex flex-col gap-3 p-4">
              <div>
                <h2 className="font-semibold text-ink text-lg">{blip.product.name}</h2>
                <p className="font-semibold text-brand-800 tabular-nums">{formatNaira(blip.product.price)}</p>
              </div>
              <BlipCounts
                blip={blip}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-muted text-sm"
              />
              {blip.caption && <p className="whitespace-pre-line break-words text-ink">{blip.caption}</p>}
              <p className="text-ink-muted text-xs">
                {'Posted '}
                <time dateTime={blip.createdAt}>{formatRelativeTime(blip.createdAt, new Date())}</time>
                {` · ${formatDuration(blip.durationSeconds)}`}
              </p>
              <ShareBlip blipId={blip._id} productName={blip.product.name} />
              <div className="flex flex-wrap gap-2 border-line border-t pt-3">
                <Link
                  to={paths.dashboard.editProduct(blip.productId)}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  <Pencil className="size-4" aria-hidden />
                  Edit product
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger-700"
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 className="size-4" aria-hidden />
                  Delete blip
                </Button>
              </div>
            </div>
          </section>
          <BlipComments api={api} productId={productId} blipId={blipId} />
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(false);
        }}
        title="Delete blip?"
        description="The video, its likes and its comments will be removed. This cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}
