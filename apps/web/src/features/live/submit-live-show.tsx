// size: the review of every wizard step and its submit, online or kept on the phone offline.
import { STREAM_MESSAGES, type StreamType } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CalendarClock, ImageOff, Pencil, Zap } from 'lucide-react';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { draftItemKey } from '@/features/live/draft-variants';
import {
  type AuctionSettingsValues,
  checkDraft,
  clearLiveDraft,
  describeAuctionSettings,
  draftHasContent,
  formPath,
  type LiveDraftValues,
  readLiveDraft,
  SHOW_KIND_LABELS,
  STEP_LABELS,
  stepOfPath,
  type WizardStep,
} from '@/features/live/live-draft';
import { createShowPath, FROM_REVIEW } from '@/features/live/live-paths';
import { liveKeys } from '@/features/live/live-queries';
import { queueShow } from '@/features/live/show-outbox';
import { formatLagosTime, relativeTime } from '@/features/live/show-time';
import { createStream, errorDescription } from '@/features/live/streams-api';
import { GO_LIVE_ON_ARRIVAL } from '@/features/live/studio/go-live-on-arrival';
import { analytics } from '@/lib/analytics';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { serverFieldErrors } from '@/lib/field-errors';
import { formatNaira } from '@/lib/money';
import { localPhotosIn } from '@/lib/outbox';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';

export interface SubmitLiveShowProps {
  kind: StreamType;
  sellerId: string;
  api?: ApiClient;
}

type Issue = { path: string; message: string };

const SETTING_LABELS: Record<keyof AuctionSettingsValues, string> = {
  startingBid: 'Starting bid',
  durationSeconds: 'Duration',
  counterBidSeconds: 'Counter-bid time',
  suddenDeath: 'Sudden death',
  reservePrice: 'Reserve price',
};

/** Where an issue's message reads best: 'Starting bid: …' for a product's setting. */
function issueText({ path, message }: Issue): string {
  const setting = /\.auctionSettings\.(\w+)$/.exec(path)?.[1] as keyof AuctionSettingsValues | undefined;
  return setting && SETTING_LABELS[setting] ? `${SETTING_LABELS[setting]}: ${message}` : message;
}

/**
 * The submit page: the draft reviewed section by section, each with a way back to its step, then
 * POST /streams/open-live-show or /streams/create. Problems, found here or by the server, show
 * under what they concern.
 */
export function SubmitLiveShow({ kind, sellerId, api = appApi }: SubmitLiveShowProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved] = useState(() => readLiveDraft(sellerId, kind));
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const problemsRef = useRef<HTMLDivElement>(null);
  const problemsId = useId();
  const values = saved?.values ?? null;
  const check = useMemo(() => (values ? checkDraft(values, kind) : null), [values, kind]);

  const submit = useMutation({
    mutationFn: async () => {
      if (!check?.ok) throw new Error('The draft is not complete');
      return createStream(api, kind, check.body);
    },
    onSuccess: (answer) => {
      clearLiveDraft(sellerId, kind);
      toast.success(answer.message);
      analytics().capture('stream_scheduled', {
        streamId: answer.stream._id,
        type: answer.stream.type,
        startImmediately: values?.startImmediately ?? false,
      });
      void queryClient.invalidateQueries({ queryKey: liveKeys.sellerStreams(sellerId) });
      // "Submit and go live" promises a live show: the studio starts it once the camera runs.
      if (values?.startImmediately) {
        navigate(paths.dashboard.liveStreams.studio(answer.stream._id), {
          replace: true,
          state: GO_LIVE_ON_ARRIVAL,
        });
      } else {
        navigate(paths.dashboard.liveStreams.scheduledShows, { replace: true });
      }
    },
    meta: {
      errorToast: STREAM_MESSAGES.scheduleError,
      errorDetail: (error) => errorDescription(error, STREAM_MESSAGES.scheduleErrorDefault),
    },
    onError: (error) => {
      setServerIssues(
        Object.entries(serverFieldErrors(error)).map(([path, message]) => ({
          path: formPath(path),
          message,
        })),
      );
    },
  });

  if (!values || !draftHasContent(values) || !check) return <NothingToSubmit kind={kind} />;

  const issues: Issue[] = [...(check.ok ? [] : check.issues), ...serverIssues];
  const issuesIn = (step: WizardStep) => issues.filter((issue) => stepOfPath(issue.path) === step);
  const stepsWithIssues = (['details', 'media', 'products', 'schedule'] as const).filter(
    (step) => issuesIn(step).length > 0,
  );

  const onSubmit = () => {
    if (!check.ok) {
      problemsRef.current?.focus();
      return;
    }
    setServerIssues([]);
    // No connection, or a cover kept on the phone: a scheduled show waits in the outbox and is
    // created when the connection returns. Going live needs the connection now.
    if (navigator.onLine === false || localPhotosIn(check.body).length > 0) {
      if (values.startImmediately) {
        toast.error(
          'You are offline',
          'Going live needs a connection. Schedule the show for later, or try again online.',
        );
        return;
      }
      void queueShow(sellerId, { kind, body: check.body }).then((kept) => {
        if (!kept) {
          toast.error('This phone could not keep the show', 'Your draft is kept; submit again when online.');
          return;
        }
        clearLiveDraft(sellerId, kind);
        toast.info('Saved on this phone', 'The show will be scheduled by itself when you are back online.');
        navigate(paths.dashboard.liveStreams.scheduledShows, { replace: true });
      });
      return;
    }
    submit.mutate();
  };

  return (
    <div className="mt-4 flex flex-col gap-4 pb-24 sm:pb-0">
      {stepsWithIssues.length > 0 && (
        <div
          ref={problemsRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby={problemsId}
          className="rounded-card border border-danger-600/30 bg-danger-50 p-4"
        >
          <p id={problemsId} className="flex items-center gap-2 font-semibold text-danger-700">
            <AlertCircle className="size-5 shrink-0" aria-hidden />
            Some details need your attention
          </p>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {stepsWithIssues.map((step) => (
              <li key={step}>
                <Link
                  to={createShowPath(kind, step)}
                  state={FROM_REVIEW}
                  className="font-semibold text-danger-700 underline"
                >
                  {STEP_LABELS[step]}
                </Link>
                : {issuesIn(step).map(issueText).join(' · ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ReviewHeader values={values} kind={kind} />
      <DetailsReview values={values} kind={kind} api={api} issues={issuesIn('details')} />
      <ReviewSection title="Media" kind={kind} step="media" issues={issuesIn('media')}>
        <dl className="flex flex-col gap-2">
          <ReviewRow label="Cover photo">{values.coverPhoto ? 'Added' : 'None'}</ReviewRow>
          <ReviewRow label="Preview video">
            {values.video ? (
              // biome-ignore lint/a11y/useMediaCaption: a seller's own preview clip has no captions to offer.
              <video
                src={values.video}
                controls
                preload="metadata"
                className="mt-1 aspect-video w-full max-w-xs rounded-control bg-ink"
              />
            ) : (
              'None'
            )}
          </ReviewRow>
        </dl>
      </ReviewSection>
      <ProductsReview values={values} kind={kind} issues={issuesIn('products')} />
      <ReviewSection title="Schedule" kind={kind} step="schedule" issues={issuesIn('schedule')}>
        {values.startImmediately ? (
          <p className="flex items-center gap-2 text-ink">
            <Zap className="size-4 text-brand-700" aria-hidden />
            Starts immediately: you go to the studio after submitting.
          </p>
        ) : values.scheduledStartTime ? (
          <p className="flex items-start gap-2 text-ink">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            <span>
              {formatLagosTime(values.scheduledStartTime)} (Lagos time),{' '}
              <span className="text-ink-muted">{relativeTime(values.scheduledStartTime)}</span>
            </span>
          </p>
        ) : (
          <p className="text-ink-muted">No start time chosen.</p>
        )}
      </ReviewSection>
      <div className="fixed inset-x-0 bottom-0 z-10 flex gap-2 border-line border-t bg-surface p-3 sm:static sm:justify-end sm:border-0 sm:bg-transparent sm:p-0">
        <Link
          to={createShowPath(kind, 'schedule')}
          state={FROM_REVIEW}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
        >
          Back
        </Link>
        <Button
          size="lg"
          onClick={onSubmit}
          loading={submit.isPending}
          aria-describedby={check.ok ? undefined : problemsId}
          className="flex-1 sm:flex-none"
        >
          {values.startImmediately ? 'Submit and go live' : 'Schedule show'}
        </Button>
      </div>
    </div>
  );
}

function NothingToSubmit({ kind }: { kind: StreamType }) {
  return (
    <section className="mt-4 flex flex-col items-start gap-3 rounded-card bg-surface p-5 shadow-card">
      <h2 className="font-semibold text-ink text-lg">Nothing to submit yet</h2>
      <p className="text-ink-muted">
        Set up your {SHOW_KIND_LABELS[kind].toLowerCase()} first: its details, cover, products and start time.
      </p>
      <Link to={createShowPath(kind)} className={buttonClasses()}>
        {kind === 'live_auction' ? 'Create a live auction' : 'Create a live show'}
      </Link>
    </section>
  );
}

function ReviewHeader({ values, kind }: { values: LiveDraftValues; kind: StreamType }) {
  return (
    <section className="overflow-hidden rounded-card bg-surface shadow-card sm:flex">
      {values.coverPhoto ? (
        <img
          src={values.coverPhoto}
          alt="Your show’s cover"
          className="aspect-video w-full object-cover sm:w-72"
        />
      ) : (
        <div className="flex h-24 w-full items-center justify-center gap-2 bg-canvas text-ink-subtle text-sm sm:aspect-video sm:h-auto sm:w-72">
          <ImageOff className="size-6" aria-hidden />
          No cover photo
        </div>
      )}
      <div className="p-4 sm:p-5">
        <p className="font-semibold text-brand-700 text-xs uppercase tracking-wide">
          {SHOW_KIND_LABELS[kind]}
        </p>
        <h2 className="mt-1 break-words font-semibold text-ink text-xl">
          {values.title.trim() || 'Untitled show'}
        </h2>
        {values.description.trim() && (
          <p className="mt-2 whitespace-pre-line break-words text-ink-muted text-sm">{values.description}</p>
        )}
      </div>
    </section>
  );
}

function ReviewSection({
  title,
  kind,
  step,
  issues,
  children,
}: {
  title: string;
  kind: StreamType;
  step: WizardStep;
  issues: Issue[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="font-semibold text-ink text-lg">
          {title}
        </h2>
        <Link
          to={createShowPath(kind, step)}
          state={FROM_REVIEW}
          aria-label={`Edit ${title.toLowerCase()}`}
          className="inline-flex min-h-10 items-center gap-1 rounded-control px-2 font-semibold text-brand-700 text-sm hover:bg-canvas"
        >
          <Pencil className="size-4" aria-hidden />
          Edit
        </Link>
      </div>
      <div className="mt-3 flex flex-col gap-2">{children}</div>
      {issues
        .filter((issue) => !issue.path.startsWith('products.'))
        .map((issue) => (
          <p key={issue.path} className="mt-2 font-medium text-danger-600 text-sm">
            {issueText(issue)}
          </p>
        ))}
    </section>
  );
}

function ReviewRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-ink-muted text-sm">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

function DetailsReview({
  values,
  kind,
  api,
  issues,
}: {
  values: LiveDraftValues;
  kind: StreamType;
  api: ApiClient;
  issues: Issue[];
}) {
  const catalogue = useQuery(catalogueQueries.categories(api));
  const category = catalogue.data?.categories.find((c) => c._id === values.category);
  const subCategory = category?.subCategories.find((s) => s._id === values.subCategory);
  const pending = catalogue.isPending ? 'Loading…' : '—';
  return (
    <ReviewSection title="Details" kind={kind} step="details" issues={issues}>
      <dl className="flex flex-col gap-2">
        <ReviewRow label="Title">{values.title.trim() || '—'}</ReviewRow>
        <ReviewRow label="Category">{values.category ? (category?.name ?? pending) : '—'}</ReviewRow>
        <ReviewRow label="Sub-category">
          {values.subCategory ? (subCategory?.name ?? pending) : '—'}
        </ReviewRow>
        <ReviewRow label="Tags">{values.tags.length > 0 ? values.tags.join(', ') : '—'}</ReviewRow>
      </dl>
    </ReviewSection>
  );
}

function ProductsReview({
  values,
  kind,
  issues,
}: {
  values: LiveDraftValues;
  kind: StreamType;
  issues: Issue[];
}) {
  const issuesOf = (index: number) => issues.filter((issue) => issue.path.startsWith(`products.${index}.`));
  return (
    <ReviewSection title={`Products (${values.products.length})`} kind={kind} step="products" issues={issues}>
      {values.products.length === 0 ? (
        <p className="text-ink-muted">No products.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {values.products.map((product, index) => {
            // One product may come once per combination (issue 14): the row is the product and its variant.
            const key = draftItemKey(product);
            const summary = values.selectedProducts.find((p) => draftItemKey(p) === key);
            return (
              <li key={key} className="flex gap-3 py-2">
                {summary?.image ? (
                  <MediaImage
                    src={summary.image}
                    shownAt={fixedSlot(48)}
                    className="size-12 shrink-0 rounded-control object-cover"
                  />
                ) : (
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-control bg-canvas text-ink-subtle">
                    <ImageOff className="size-5" aria-hidden />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{summary?.name ?? 'Product'}</p>
                  <p className="text-ink-muted text-sm">
                    {kind === 'live_auction'
                      ? describeAuctionSettings(product.auctionSettings)
                      : summary
                        ? formatNaira(summary.price)
                        : ''}
                  </p>
                  {issuesOf(index).map((issue) => (
                    <p key={issue.path} className="font-medium text-danger-600 text-sm">
                      {issueText(issue)}
                    </p>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </ReviewSection>
  );
}
