// size: the whole compose form of an inbox campaign: message, attachment, audience with its live count, timing
import {
  CAMPAIGN_AUDIENCE_LABELS,
  CAMPAIGN_MESSAGE_MAX,
  CAMPAIGN_TITLE_MAX,
  type CampaignAttachment,
  type CampaignAudience,
  type CampaignAudienceKind,
  type CreateCampaignBody,
  createCampaignBody,
} from '@kasuwa/contracts';
import { NIGERIA_SLUG, searchStates, stateDisplayName } from '@kasuwa/reference-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import {
  type CampaignImageUploader,
  campaignKeys,
  campaignQueries,
  countAudience,
  createCampaign,
  uploadCampaignImage,
} from '@/features/campaigns/campaigns-api';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/button';
import { FormSection, SelectBox, TextAreaField } from '@/ui/form-parts';
import { Input } from '@/ui/input';

const STATES = searchStates(NIGERIA_SLUG).sort((a, b) => a.name.localeCompare(b.name));
const AUDIENCE_KINDS = Object.keys(CAMPAIGN_AUDIENCE_LABELS) as CampaignAudienceKind[];
const AUDIENCE_HINTS: Record<CampaignAudienceKind, string> = {
  followers: 'Everyone who follows your store.',
  past_buyers: 'Everyone who has placed an order with you.',
  product_buyers: 'Buyers who ordered any of the products you choose.',
  show_attendees: 'Buyers who bid, commented or bought in a show.',
  states: 'Buyers whose orders went to the states you choose.',
};
type AttachKind = CampaignAttachment['kind'];
const COUNT_DELAY_MS = 400;

/** `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The datetime-local box's value (the device's time) for a moment. */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function toggled(list: string[], value: string) {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

const count = new Intl.NumberFormat('en-NG');

/**
 * Compose an inbox campaign: title, message, an attached product, show or coupon code, the audience
 * (with a live count of who it reaches, unsubscribed and blocking buyers left out), and send now or
 * at a chosen time.
 */
export function CampaignCreatePage({
  api,
  sellerId,
  uploadImage = uploadCampaignImage,
}: {
  api: ApiClient;
  sellerId: string;
  uploadImage?: CampaignImageUploader;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [attachKind, setAttachKind] = useState<AttachKind>('none');
  const [productId, setProductId] = useState('');
  const [streamId, setStreamId] = useState('');
  const [couponCode, setCouponCode] = useState('');
  const [audienceKind, setAudienceKind] = useState<CampaignAudienceKind>('followers');
  const [audienceProducts, setAudienceProducts] = useState<string[]>([]);
  const [audienceShow, setAudienceShow] = useState('');
  const [states, setStates] = useState<string[]>([]);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [scheduledAt, setScheduledAt] = useState(() => localInputValue(new Date(Date.now() + 60 * 60_000)));
  const [errors, setErrors] = useFormErrors<string>({ title, message, couponCode, scheduledAt });
  const [image, setImage] = useState<{ image: string; url: string } | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(file),
    onSuccess: (answer) => {
      setImage(answer);
      setErrors(({ image: _, ...rest }) => rest);
    },
    onError: (error) => setErrors((e) => ({ ...e, image: error.message })),
  });

  const products = useQuery(campaignQueries.products(api, sellerId));
  const shows = useQuery(campaignQueries.shows(api, sellerId));

  const audience: CampaignAudience | null = useMemo(() => {
    if (audienceKind === 'product_buyers')
      return audienceProducts.length ? { kind: audienceKind, productIds: audienceProducts } : null;
    if (audienceKind === 'show_attendees')
      return audienceShow ? { kind: audienceKind, streamId: audienceShow } : null;
    if (audienceKind === 'states') return states.length ? { kind: audienceKind, states } : null;
    return { kind: audienceKind };
  }, [audienceKind, audienceProducts, audienceShow, states]);
  const settledAudience = useSettled(audience, COUNT_DELAY_MS);
  const recipients = useQuery({
    queryKey: ['campaigns', 'audience-count', settledAudience],
    queryFn: ({ signal }) => countAudience(api, settledAudience as CampaignAudience, signal),
    enabled: settledAudience !== null,
    staleTime: 10_000,
  });

  const attachment: CampaignAttachment =
    attachKind === 'product'
      ? { kind: 'product', productId }
      : attachKind === 'show'
        ? { kind: 'show', streamId }
        : attachKind === 'coupon'
          ? { kind: 'coupon', code: couponCode }
          : { kind: 'none' };

  const send = useMutation({
    mutationFn: (body: CreateCampaignBody) => createCampaign(api, body),
    onSuccess: (data) => {
      toast.success(data.message);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      navigate(paths.dashboard.marketing.inboxCampaigns.list);
    },
    onError: (error) => {
      if (isApiError(error) && error.issues.length) {
        setErrors(Object.fromEntries(error.issues.map((i) => [i.path.split('.')[0] ?? '', i.message])));
      }
      toast.error(error.message);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!audience) {
      setErrors({ audience: 'Choose who gets it' });
      return;
    }
    const body = {
      title,
      message,
      attachment,
      audience,
      ...(image ? { image: image.image } : {}),
      scheduledAt: when === 'later' && scheduledAt ? new Date(scheduledAt).toISOString() : null,
    };
    const parsed = createCampaignBody.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(body);
  };

  const productList = products.data?.products ?? [];
  const showList = shows.data?.streams ?? [];
  const recipientText =
    audience === null
      ? 'Choose who gets it to see how many buyers it reaches.'
      : recipients.isPending || audience !== settledAudience
        ? 'Counting…'
        : recipients.isError
          ? 'The count could not be loaded.'
          : `${count.format(recipients.data.count)} ${recipients.data.count === 1 ? 'buyer' : 'buyers'} will get it`;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 pb-24 lg:pb-4">
      <FormSection title="Message" description="What buyers see in their Kasuwa updates and e-mail.">
        <Input
          label="Title"
          value={title}
          maxLength={CAMPAIGN_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
          placeholder="New Ankara prints this Friday"
        />
        <TextAreaField
          label="Message"
          value={message}
          maxLength={CAMPAIGN_MESSAGE_MAX}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.message}
          hint={`${message.length}/${CAMPAIGN_MESSAGE_MAX}`}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="campaign-image" className="font-medium text-ink text-sm">
            Image (optional)
          </label>
          {image ? (
            <div className="flex items-center gap-3">
              <img
                src={image.url}
                alt="Chosen for the campaign"
                className="size-20 rounded-control object-cover"
              />
              <Button type="button" variant="secondary" size="sm" onClick={() => setImage(null)}>
                Remove image
              </Button>
            </div>
          ) : (
            <input
              id="campaign-image"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={upload.isPending}
              aria-describedby="campaign-image-hint"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = '';
              }}
              className="text-sm file:mr-3 file:min-h-11 file:rounded-control file:border file:border-line-strong file:bg-surface file:px-3 file:font-medium"
            />
          )}
          <p
            id="campaign-image-hint"
            className={clsx('text-sm', errors.image ? 'text-danger-700' : 'text-ink-muted')}
          >
            {upload.isPending ? 'Uploading…' : (errors.image ?? 'A JPEG, PNG or WebP photo, up to 10 MB.')}
          </p>
        </div>
        <SelectBox
          label="Attach"
          value={attachKind}
          onChange={(e) => setAttachKind(e.target.value as AttachKind)}
          error={errors.attachment}
        >
          <option value="none">Nothing</option>
          <option value="product">A product</option>
          <option value="show">A show</option>
          <option value="coupon">A coupon code</option>
        </SelectBox>
        {attachKind === 'product' && (
          <SelectBox label="Product" value={productId} onChange={(e) => setProductId(e.target.value)}>
            <option value="">Choose a product</option>
            {productList.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </SelectBox>
        )}
        {attachKind === 'show' && (
          <SelectBox label="Show" value={streamId} onChange={(e) => setStreamId(e.target.value)}>
            <option value="">Choose a show</option>
            {showList.map((s) => (
              <option key={s._id} value={s._id}>
                {s.title}
              </option>
            ))}
          </SelectBox>
        )}
        {attachKind === 'coupon' && (
          <Input
            label="Coupon code"
            value={couponCode}
            onChange={(e) => setCouponCode(e.target.value.toUpperCase())}
            hint="3 to 20 letters or digits, as buyers type it at checkout"
            autoCapitalize="characters"
          />
        )}
      </FormSection>

      <FormSection
        title="Audience"
        description="Buyers who turned off your updates or blocked your store are left out."
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Who gets it</legend>
          {AUDIENCE_KINDS.map((kind) => (
            <label
              key={kind}
              className={clsx(
                'flex min-h-11 cursor-pointer items-start gap-3 rounded-control border p-3',
                audienceKind === kind ? 'border-brand-600 bg-brand-50' : 'border-line',
              )}
            >
              <input
                type="radio"
                name="audience"
                value={kind}
                checked={audienceKind === kind}
                onChange={() => setAudienceKind(kind)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-ink">{CAMPAIGN_AUDIENCE_LABELS[kind]}</span>
                <span className="block text-ink-muted text-sm">{AUDIENCE_HINTS[kind]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {audienceKind === 'product_buyers' && (
          <fieldset className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-control border border-line p-2">
            <legend className="px-1 font-medium text-ink text-sm">Products</legend>
            {productList.length === 0 && <p className="p-2 text-ink-muted text-sm">No active products.</p>}
            {productList.map((p) => (
              <label key={p._id} className="flex min-h-10 items-center gap-2 px-1">
                <input
                  type="checkbox"
                  checked={audienceProducts.includes(p._id)}
                  onChange={() => setAudienceProducts(toggled(audienceProducts, p._id))}
                  className="size-4 accent-brand-600"
                />
                <span className="truncate text-sm">{p.name}</span>
              </label>
            ))}
          </fieldset>
        )}
        {audienceKind === 'show_attendees' && (
          <SelectBox label="Show" value={audienceShow} onChange={(e) => setAudienceShow(e.target.value)}>
            <option value="">Choose a show</option>
            {showList.map((s) => (
              <option key={s._id} value={s._id}>
                {s.title}
              </option>
            ))}
          </SelectBox>
        )}
        {audienceKind === 'states' && (
          <fieldset className="grid max-h-64 grid-cols-2 gap-1 overflow-y-auto rounded-control border border-line p-2 sm:grid-cols-3">
            <legend className="px-1 font-medium text-ink text-sm">States</legend>
            {STATES.map((s) => (
              <label key={s.slug} className="flex min-h-10 items-center gap-2 px-1">
                <input
                  type="checkbox"
                  checked={states.includes(s.name)}
                  onChange={() => setStates(toggled(states, s.name))}
                  className="size-4 accent-brand-600"
                />
                <span className="truncate text-sm">{stateDisplayName(s.name)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {errors.audience && <p className="text-danger-700 text-sm">{errors.audience}</p>}
        <p
          role="status"
          className="flex items-center gap-2 rounded-control bg-canvas p-3 font-medium text-ink"
        >
          <Users className="size-5 text-brand-600" aria-hidden />
          {recipientText}
        </p>
      </FormSection>

      <FormSection title="When" description="At most 3 campaigns a day.">
        <div className="flex flex-col gap-2 sm:flex-row">
          {(['now', 'later'] as const).map((w) => (
            <label
              key={w}
              className={clsx(
                'flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-control border p-3',
                when === w ? 'border-brand-600 bg-brand-50' : 'border-line',
              )}
            >
              <input
                type="radio"
                name="when"
                checked={when === w}
                onChange={() => setWhen(w)}
                className="size-4 accent-brand-600"
              />
              <span className="font-medium text-ink">{w === 'now' ? 'Send now' : 'Schedule'}</span>
            </label>
          ))}
        </div>
        {when === 'later' && (
          <Input
            label="Send at"
            type="datetime-local"
            value={scheduledAt}
            min={localInputValue(new Date())}
            onChange={(e) => setScheduledAt(e.target.value)}
            error={errors.scheduledAt}
          />
        )}
      </FormSection>

      <div className="fixed inset-x-0 bottom-0 z-10 flex gap-3 border-line border-t bg-surface p-3 lg:static lg:justify-end lg:border-0 lg:bg-transparent lg:p-0">
        <Button
          type="button"
          variant="secondary"
          className="flex-1 lg:flex-none"
          onClick={() => navigate(paths.dashboard.marketing.inboxCampaigns.list)}
        >
          Cancel
        </Button>
        <Button type="submit" className="flex-1 lg:flex-none" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : when === 'now' ? 'Send Campaign' : 'Schedule Campaign'}
        </Button>
      </div>
    </form>
  );
}
