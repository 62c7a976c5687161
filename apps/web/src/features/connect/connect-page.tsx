import type { ConnectOverview } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useState } from 'react';
import {
  badgeSnippet,
  connectKeys,
  connectQueries,
  rotateCatalogueToken,
  shareIntents,
  shareText,
} from '@/features/connect/connect-api';
import { CopyField } from '@/features/connect/copy-field';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { downloadFile, type FileDownloader } from '@/lib/download-file';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormSection } from '@/ui/form-parts';
import { LoadFailed } from '@/ui/list-skeleton';

export interface ConnectPageProps {
  api?: ApiClient;
  download?: FileDownloader;
}

const channelClasses =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-3 font-semibold text-sm text-white';

function ShareChannels({ overview }: { overview: ConnectOverview }) {
  const text = shareText(overview.storeName);
  const intents = shareIntents(overview.storeLink, text);
  const copyFor = async (channel: string, where: string) => {
    if (await copyText(overview.storeLink, null))
      toast.success('Link copied', `Paste it in ${where} on ${channel}.`);
    else toast.error('Could not copy', 'Copy the store link above instead.');
  };
  return (
    <ul aria-label="Share on" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      <li>
        <a
          href={intents.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={`${channelClasses} w-full bg-[#075E54] hover:bg-[#054a42]`}
        >
          WhatsApp
        </a>
      </li>
      <li>
        <button
          type="button"
          onClick={() => void copyFor('Instagram', 'your bio or a story link sticker')}
          className={`${channelClasses} w-full bg-[#C13584] hover:bg-[#a32c70]`}
        >
          Instagram
        </button>
      </li>
      <li>
        <button
          type="button"
          onClick={() => void copyFor('TikTok', 'your bio or a video caption')}
          className={`${channelClasses} w-full bg-[#111111] hover:bg-black`}
        >
          TikTok
        </button>
      </li>
      <li>
        <a
          href={intents.x}
          target="_blank"
          rel="noopener noreferrer"
          className={`${channelClasses} w-full bg-[#111111] hover:bg-black`}
        >
          X (Twitter)
        </a>
      </li>
      <li>
        <a
          href={intents.facebook}
          target="_blank"
          rel="noopener noreferrer"
          className={`${channelClasses} w-full bg-[#1659C9] hover:bg-[#1249a6]`}
        >
          Facebook
        </a>
      </li>
    </ul>
  );
}

function Step({ n, children }: { n: number; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 text-xs"
      >
        {n}
      </span>
      <span className="text-ink-muted text-sm">{children}</span>
    </li>
  );
}

const WHEN = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** Kasuwa Connect (issue 17): the store link on every channel, the poster, the catalogue feed, the badge. */
export function ConnectPage({ api = appApi, download = downloadFile }: ConnectPageProps) {
  const queryClient = useQueryClient();
  const overview = useQuery(connectQueries.overview(api));
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [posterBusy, setPosterBusy] = useState(false);
  const rotate = useMutation({
    mutationFn: () => rotateCatalogueToken(api),
    meta: { errorToast: 'Failed to make a new feed address' },
    onSuccess: (answer) => {
      setConfirmRotate(false);
      queryClient.setQueryData<ConnectOverview>(connectKeys.overview, (old) =>
        old
          ? {
              ...old,
              catalogueFeedUrl: answer.catalogueFeedUrl,
              catalogueTokenCreatedAt: answer.catalogueTokenCreatedAt,
            }
          : old,
      );
      toast.success('New feed address made', answer.message);
    },
  });

  if (overview.isPending)
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span role="status" className="sr-only">
          Loading your channels
        </span>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden className="h-40 animate-pulse rounded-card bg-surface shadow-card" />
        ))}
      </div>
    );
  if (overview.isError)
    return (
      <section aria-label="Kasuwa Connect" className="rounded-card bg-surface shadow-card">
        <LoadFailed what="your channels" onRetry={() => void overview.refetch()} />
      </section>
    );
  const data = overview.data;

  const onPoster = async () => {
    setPosterBusy(true);
    try {
      await download('/connect/poster.pdf', 'kasuwa-poster.pdf');
    } catch (error) {
      toast.error('Failed to download the poster', error instanceof Error ? error.message : undefined);
    } finally {
      setPosterBusy(false);
    }
  };

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <FormSection
          title="Your store link"
          description="One link for every channel. It opens your live show while you are live, otherwise your next show."
        >
          {data.show && (
            <p className="rounded-control bg-brand-50 px-3 py-2 text-brand-800 text-sm">
              {data.show.status === 'live'
                ? `Live now: ${data.show.title}`
                : `Next show: ${data.show.title}, ${WHEN.format(new Date(data.show.at))}`}
            </p>
          )}
          <CopyField
            label="Store link"
            value={data.storeLink}
            copyLabel="Copy store link"
            copiedToast="Link copied"
          />
          <ShareChannels overview={data} />
        </FormSection>

        <FormSection
          title="QR poster for your stall"
          description="Print it on A4 and put it where buyers see it. They scan it to watch your shows and buy."
        >
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <QRCodeSVG
              value={data.storeLink}
              size={132}
              marginSize={2}
              title={`QR code of ${data.storeName}'s store link`}
              className="shrink-0 rounded-control bg-white"
            />
            <Button onClick={() => void onPoster()} disabled={posterBusy}>
              <Download className="size-4" aria-hidden />
              {posterBusy ? 'Preparing…' : 'Download poster (PDF)'}
            </Button>
          </div>
        </FormSection>
      </div>

      <div className="flex flex-col gap-4">
        <FormSection
          title="Catalogue for WhatsApp and Instagram"
          description={`Your ${data.activeProducts} active ${data.activeProducts === 1 ? 'product' : 'products'}, kept up to date, in the format Meta's Commerce Manager reads. No retyping.`}
        >
          <CopyField
            label="Catalogue feed address"
            value={data.catalogueFeedUrl}
            copyLabel="Copy catalogue feed address"
            copiedToast="Feed address copied"
          />
          <ol aria-label="How to connect it" className="flex flex-col gap-2">
            <Step n={1}>Open Meta Commerce Manager and your catalogue (or create one for e-commerce).</Step>
            <Step n={2}>
              Go to Data sources, then Add items, then Data feed, and choose a scheduled feed.
            </Step>
            <Step n={3}>Paste the address above and choose to update it daily or hourly.</Step>
            <Step n={4}>Connect the catalogue to your WhatsApp Business account and Instagram shop.</Step>
          </ol>
          <p className="text-ink-muted text-sm">
            Keep this address private: anyone with it can read your product list. If it got out, make a new
            one.
          </p>
          <Button variant="ghost" size="sm" className="self-start" onClick={() => setConfirmRotate(true)}>
            <RefreshCw className="size-4" aria-hidden />
            Make a new address
          </Button>
        </FormSection>

        <FormSection
          title="Live badge for your website"
          description="Shows LIVE NOW while you are live, or when your next show starts, and opens your show when tapped."
        >
          <a href={data.badgeLink} target="_blank" rel="noopener" className="self-start">
            <img src={data.badgeImageUrl} alt={`Live badge of ${data.storeName}`} width={260} height={56} />
          </a>
          <CopyField
            label="Badge HTML"
            value={badgeSnippet(data)}
            copyLabel="Copy badge HTML"
            copiedToast="Badge HTML copied"
            multiline
          />
          <CopyField
            label="Badge image address"
            value={data.badgeImageUrl}
            copyLabel="Copy badge image address"
            copiedToast="Image address copied"
          />
        </FormSection>
      </div>

      <Dialog
        open={confirmRotate}
        onOpenChange={setConfirmRotate}
        title="Make a new feed address?"
        description="The current address stops working at once. Paste the new one into Commerce Manager, or your catalogue stops updating."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmRotate(false)}>
              Cancel
            </Button>
            <Button onClick={() => rotate.mutate()} disabled={rotate.isPending}>
              {rotate.isPending ? 'Making…' : 'Make a new address'}
            </Button>
          </>
        }
      />
    </div>
  );
}
