import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateLiveAuctionBody,
  createLiveAuctionBody,
  DEFAULT_AUCTION_DURATION_SECONDS,
  DEFAULT_COUNTER_BID_SECONDS,
  type LivestreamDraft,
  livestreamDraftSchema,
  type OpenLiveShowBody,
  openLiveShowBody,
  type Product,
  type StreamProductSummary,
  type StreamType,
  type VariantChoice,
} from '@kasuwa/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { formatNaira, parseNairaInput } from '@/lib/money';
import { readStored, removeStored, writeStored } from '@/lib/storage';

/**
 * The create wizards' draft (SPEC section 3 "Livestream draft"). While the seller types, numbers
 * are kept as the text typed; the draft is stored in local storage in the contract's shape, one
 * per seller and per kind of show, so a reload or a dropped connection keeps the work.
 */

export interface AuctionSettingsValues {
  startingBid: string;
  durationSeconds: string;
  counterBidSeconds: string;
  suddenDeath: boolean;
  reservePrice: string;
}

export interface DraftProductValues {
  productId: string;
  /**
   * The combination under the hammer when a live auction offers a product with variants (issue 14):
   * the product may come once per combination. Absent for a product without variants.
   */
  variant?: VariantChoice[];
  /** Ignored for an Open Live Show, whose products sell at their price. */
  auctionSettings: AuctionSettingsValues;
}

/** What the wizard shows of a chosen product (or of one combination of it). */
export type DraftProductSummary = StreamProductSummary & { variant?: VariantChoice[] };

export interface LiveDraftValues {
  title: string;
  description: string;
  category: string;
  subCategory: string;
  /** The uploaded cover's URL, sent as `coverImage`. */
  coverPhoto: string | null;
  video: string | null;
  tags: string[];
  /** What is submitted, in the order the seller added them. */
  products: DraftProductValues[];
  /** What the wizard shows of those products (name, price, photo), in the same order. */
  selectedProducts: DraftProductSummary[];
  /** ISO-8601, or null while not chosen. */
  scheduledStartTime: string | null;
  startImmediately: boolean;
}

export type LiveDraftBody = OpenLiveShowBody | CreateLiveAuctionBody;

export const emptyDraftValues: LiveDraftValues = {
  title: '',
  description: '',
  category: '',
  subCategory: '',
  coverPhoto: null,
  video: null,
  tags: [],
  products: [],
  selectedProducts: [],
  scheduledStartTime: null,
  startImmediately: false,
};

export { SHOW_KIND_LABELS } from '@/features/live/show-kinds';

const amountText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A product's auction settings before the seller changes them: its own starting bid and reserve. */
export function defaultAuctionSettings(product?: Pick<Product, 'price' | 'saleType'>): AuctionSettingsValues {
  const auction = product?.saleType.auction;
  return {
    startingBid: amountText(auction ? auction.startingBid : product?.price),
    durationSeconds: String(DEFAULT_AUCTION_DURATION_SECONDS),
    counterBidSeconds: String(DEFAULT_COUNTER_BID_SECONDS),
    suddenDeath: false,
    reservePrice: amountText(auction?.reservePrice),
  };
}

export function productSummary(product: Product): StreamProductSummary {
  return {
    productId: product._id,
    name: product.name,
    price: product.saleType.auction?.startingBid ?? product.price,
    image: product.images[0] ?? null,
  };
}

// '' becomes NaN for required numbers, so the schema reports it instead of a default filling it in.
const required = (text: string) => parseNairaInput(text) ?? Number.NaN;

/** The request body the draft stands for (before the contract schema checks and trims it). */
export function toBody(values: LiveDraftValues, kind: StreamType) {
  const body: Record<string, unknown> = {
    title: values.title,
    description: values.description,
    category: values.category,
    tags: values.tags,
    startImmediately: values.startImmediately,
  };
  if (values.subCategory) body.subCategory = values.subCategory;
  if (values.coverPhoto) body.coverImage = values.coverPhoto;
  if (values.video) body.video = values.video;
  if (!values.startImmediately && values.scheduledStartTime) {
    body.scheduledStartTime = values.scheduledStartTime;
  }
  body.products =
    kind === 'live_auction'
      ? values.products.map(({ productId, variant, auctionSettings: s }) => ({
          productId,
          ...(variant && variant.length > 0 ? { variant } : {}),
          auctionSettings: {
            startingBid: required(s.startingBid),
            durationSeconds: required(s.durationSeconds),
            counterBidSeconds: required(s.counterBidSeconds),
            suddenDeath: s.suddenDeath,
            ...(s.reservePrice.trim() === '' ? {} : { reservePrice: required(s.reservePrice) }),
          },
        }))
      : values.products.map(({ productId }) => ({ productId }));
  return body;
}

function amountForDisplay(text: string): string {
  const n = parseNairaInput(text);
  return n !== undefined && Number.isFinite(n) ? formatNaira(n) : '—';
}

/** One line for a product's auction settings: 'Starting bid ₦5,000.00 · 30 s · counter-bid 10 s'. */
export function describeAuctionSettings(s: AuctionSettingsValues): string {
  const parts = [
    `Starting bid ${amountForDisplay(s.startingBid)}`,
    `${s.durationSeconds.trim() || '—'} s`,
    s.suddenDeath ? 'Sudden death' : `counter-bid ${s.counterBidSeconds.trim() || '—'} s`,
  ];
  if (s.reservePrice.trim()) parts.push(`reserve ${amountForDisplay(s.reservePrice)}`);
  return parts.join(' · ');
}

/** The form names a body path differently only for the cover: the draft's `coverPhoto` is sent as `coverImage`. */
export function formPath(bodyPath: string): string {
  return bodyPath === 'coverImage' ? 'coverPhoto' : bodyPath;
}

const settingMessages: Record<keyof AuctionSettingsValues, { missing: string } | null> = {
  startingBid: { missing: 'Enter a starting bid' },
  durationSeconds: { missing: 'Enter the duration in seconds' },
  counterBidSeconds: { missing: 'Enter the counter-bid time in seconds' },
  reservePrice: null,
  suddenDeath: null,
};

/** Words for an empty box or text that is not a number, instead of the schema's "expected number". */
function reword(path: string, message: string, values: LiveDraftValues): string {
  const match = /^products\.(\d+)\.auctionSettings\.(\w+)$/.exec(path);
  if (!match) return message;
  const key = match[2] as keyof AuctionSettingsValues;
  const raw = values.products[Number(match[1])]?.auctionSettings[key];
  if (typeof raw !== 'string') return message;
  if (raw.trim() === '' && settingMessages[key]) return settingMessages[key].missing;
  if (Number.isNaN(parseNairaInput(raw) ?? 0)) return 'Enter a number';
  return message;
}

export const FUTURE_START_MESSAGE = 'Choose a time in the future';

/** The contract's body for the kind of show, plus the one rule the client adds: a start in the future. */
function draftSchema(kind: StreamType, now: () => Date) {
  const body: z.ZodType<LiveDraftBody> = kind === 'live_auction' ? createLiveAuctionBody : openLiveShowBody;
  return z
    .preprocess((values: LiveDraftValues) => toBody(values, kind), body)
    .superRefine((b, ctx) => {
      if (b.startImmediately || !b.scheduledStartTime) return;
      if (new Date(b.scheduledStartTime).getTime() <= now().getTime()) {
        ctx.addIssue({ code: 'custom', path: ['scheduledStartTime'], message: FUTURE_START_MESSAGE });
      }
    });
}

function renameCover(errors: FieldErrors<LiveDraftValues>) {
  const record = errors as Record<string, unknown>;
  if (record.coverImage && !record.coverPhoto) {
    record.coverPhoto = record.coverImage;
    delete record.coverImage;
  }
}

function rewordAll(node: unknown, path: string, values: LiveDraftValues) {
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string' && path) record.message = reword(path, record.message, values);
  for (const [key, child] of Object.entries(record)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    rewordAll(child, path ? `${path}.${key}` : key, values);
  }
}

/** react-hook-form's resolver: the contract schema behind a step that builds the body from the draft. */
export function liveDraftResolver(
  kind: StreamType,
  now: () => Date = () => new Date(),
): Resolver<LiveDraftValues, unknown, LiveDraftBody> {
  const resolve = zodResolver(draftSchema(kind, now)) as unknown as Resolver<
    LiveDraftValues,
    unknown,
    LiveDraftBody
  >;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    renameCover(result.errors);
    rewordAll(result.errors, '', values);
    return result;
  };
}

export type DraftCheck =
  | { ok: true; body: LiveDraftBody }
  | { ok: false; issues: { path: string; message: string }[] };

/** The same check outside a form, for the submit page: the body to send, or what is wrong where. */
export function checkDraft(values: LiveDraftValues, kind: StreamType, now: Date = new Date()): DraftCheck {
  const result = draftSchema(kind, () => now).safeParse(values);
  if (result.success) return { ok: true, body: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => {
      const path = formPath(issue.path.join('.'));
      return { path, message: reword(path, issue.message, values) };
    }),
  };
}

export type WizardStep = 'details' | 'media' | 'products' | 'schedule';
export const WIZARD_STEPS: readonly WizardStep[] = ['details', 'media', 'products', 'schedule'];

export const STEP_LABELS: Record<WizardStep, string> = {
  details: 'Details',
  media: 'Media',
  products: 'Products',
  schedule: 'Schedule',
};

/** The fields each step owns, so Next checks only what the seller has seen. */
export const STEP_FIELDS: Record<WizardStep, readonly (keyof LiveDraftValues)[]> = {
  details: ['title', 'description', 'category', 'subCategory', 'tags'],
  media: ['coverPhoto', 'video'],
  products: ['products'],
  schedule: ['scheduledStartTime', 'startImmediately'],
};

/** Which step shows a field (a form path such as 'products.1.auctionSettings.startingBid'). */
export function stepOfPath(path: string): WizardStep {
  const top = path.split('.')[0] as keyof LiveDraftValues;
  return WIZARD_STEPS.find((step) => STEP_FIELDS[step].includes(top)) ?? 'details';
}

// --- Local storage -------------------------------------------------------------------------

export const LIVE_DRAFT_KEY_PREFIX = 'liveShowDraft.';
/** How long after the last keystroke the draft is written down. */
export const LIVE_DRAFT_DEBOUNCE_MS = 400;

interface StoredDraft {
  version: 1;
  kind: StreamType;
  savedAt: string;
  draft: LivestreamDraft;
}

export function liveDraftKey(sellerId: string, kind: StreamType): string {
  return `${LIVE_DRAFT_KEY_PREFIX}${sellerId}.${kind}`;
}

const finite = (text: string) => {
  const n = parseNairaInput(text);
  return n !== undefined && Number.isFinite(n) ? n : undefined;
};

/** The draft in the contract's shape; a number still half-typed or not a number is left out. */
export function toStoredDraft(values: LiveDraftValues): LivestreamDraft {
  return {
    ...values,
    products: values.products.map(({ productId, variant, auctionSettings: s }) => {
      const settings: NonNullable<LivestreamDraft['products'][number]['auctionSettings']> = {
        suddenDeath: s.suddenDeath,
      };
      for (const key of ['startingBid', 'durationSeconds', 'counterBidSeconds', 'reservePrice'] as const) {
        const n = finite(s[key]);
        if (n !== undefined) settings[key] = n;
      }
      return { productId, ...(variant ? { variant } : {}), auctionSettings: settings };
    }),
  };
}

export function fromStoredDraft(draft: LivestreamDraft): LiveDraftValues {
  return {
    ...draft,
    products: draft.products.map(({ productId, variant, auctionSettings: s = {} }) => ({
      productId,
      ...(variant ? { variant } : {}),
      auctionSettings: {
        startingBid: amountText(s.startingBid),
        durationSeconds: amountText(s.durationSeconds ?? DEFAULT_AUCTION_DURATION_SECONDS),
        counterBidSeconds: amountText(s.counterBidSeconds ?? DEFAULT_COUNTER_BID_SECONDS),
        suddenDeath: s.suddenDeath ?? false,
        reservePrice: amountText(s.reservePrice),
      },
    })),
  };
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.version === 1 &&
    typeof v.savedAt === 'string' &&
    (v.kind === 'live_show' || v.kind === 'live_auction') &&
    // Storage outlives releases: a draft of another shape is dropped rather than trusted.
    livestreamDraftSchema.safeParse(v.draft).success
  );
}

export interface SavedDraft {
  savedAt: string;
  values: LiveDraftValues;
}

export function readLiveDraft(sellerId: string, kind: StreamType): SavedDraft | null {
  const stored = readStored(liveDraftKey(sellerId, kind), isStoredDraft);
  if (!stored || stored.kind !== kind) return null;
  return { savedAt: stored.savedAt, values: fromStoredDraft(livestreamDraftSchema.parse(stored.draft)) };
}

export function writeLiveDraft(
  sellerId: string,
  kind: StreamType,
  values: LiveDraftValues,
  now = new Date(),
) {
  const stored: StoredDraft = { version: 1, kind, savedAt: now.toISOString(), draft: toStoredDraft(values) };
  writeStored(liveDraftKey(sellerId, kind), stored);
}

export function clearLiveDraft(sellerId: string, kind: StreamType) {
  removeStored([liveDraftKey(sellerId, kind)]);
}

/** Whether a draft holds anything the seller typed or chose. */
export function draftHasContent(values: LiveDraftValues): boolean {
  return (
    values.title.trim() !== '' ||
    values.description.trim() !== '' ||
    values.category !== '' ||
    values.coverPhoto !== null ||
    values.video !== null ||
    values.tags.length > 0 ||
    values.products.length > 0 ||
    values.scheduledStartTime !== null ||
    values.startImmediately
  );
}
