import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { BlipDetail } from '@/features/blips/blip-detail';
import { BlipGrid, BlipGridSkeleton, EmptyBlips } from '@/features/blips/blip-grid';
import { blipMessages, type UploadFn } from '@/features/blips/blips-api';
import { addToGrid, gridBlips } from '@/features/blips/blips-cache';
import { blipQueries } from '@/features/blips/blips-queries';
import { UploadBlipDialog } from '@/features/blips/upload-blip-dialog';
import type { ProbeVideo } from '@/features/blips/video-probe';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { LoadMoreButton } from '@/ui/load-more-button';

export interface BlipsPageProps {
  sellerId: string;
  api?: ApiClient;
  /** Tests pass their own video reader and uploader; the app uses the browser's. */
  probe?: ProbeVideo;
  upload?: UploadFn;
}

/**
 * The Product Blips page: the seller's blips as a grid with 'Load more', an upload dialog, and one
 * blip's details at ?product=…&blip=…, so the back button returns to the grid.
 */
export function BlipsPage({ sellerId, api = appApi, probe, upload }: BlipsPageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [uploadOpen, setUploadOpen] = useState(false);
  const blipId = searchParams.get('blip');
  const productId = searchParams.get('product');

  const query = useInfiniteQuery(blipQueries.list(api, sellerId));

  // Once per failed fetch, however often the screen renders meanwhile.
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(blipMessages.fetchListFailed);
  }, [failedAt]);

  const dialog = (
    <UploadBlipDialog
      open={uploadOpen}
      onOpenChange={setUploadOpen}
      api={api}
      sellerId={sellerId}
      onUploaded={(blip) => {
        addToGrid(queryClient, sellerId, blip);
        // The new blip shows first in the grid; from a blip's page, go back to see it.
        if (blipId) navigate(paths.dashboard.blips);
      }}
      {...(probe ? { probe } : {})}
      {...(upload ? { upload } : {})}
    />
  );

  if (blipId && productId) {
    const cameFromGrid = (location.state as { fromGrid?: boolean } | null)?.fromGrid === true;
    return (
      <>
        <BlipDetail
          api={api}
          sellerId={sellerId}
          productId={productId}
          blipId={blipId}
          // Opened from the grid: going back restores its scroll and loaded pages; a shared link has no grid behind it.
          onBack={() => (cameFromGrid ? navigate(-1) : navigate(paths.dashboard.blips, { replace: true }))}
        />
        {dialog}
      </>
    );
  }

  const blips = gridBlips(query.data);
  const total = query.data?.pages[0]?.totalBlips ?? 0;

  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted text-sm" aria-live="polite">
          {query.data && total > 0
            ? `Showing ${blips.length} of ${total} ${total === 1 ? 'blip' : 'blips'}`
            : 'Short videos of your products.'}
        </p>
        <Button onClick={() => setUploadOpen(true)}>
          <Upload className="size-4" aria-hidden />
          Upload blip
        </Button>
      </div>
      <div aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <BlipGridSkeleton />
        ) : query.isError && !query.data ? (
          <div className="flex flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
            <p className="font-semibold text-ink">We could not load your blips.</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : blips.length === 0 ? (
          <EmptyBlips onUpload={() => setUploadOpen(true)} />
        ) : (
          <BlipGrid blips={blips} />
        )}
      </div>
      <LoadMoreButton pages={query}>Load more</LoadMoreButton>
      {dialog}
    </div>
  );
}
