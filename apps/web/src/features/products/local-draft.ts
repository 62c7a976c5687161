import type { ProductFormValues } from '@/features/products/form-values';
import { readStored, removeStored, writeStored } from '@/lib/storage';

/**
 * The product form's unsaved state in local storage, so a reload, a crashed tab or a dropped
 * connection loses nothing. One slot per seller and per screen: the add form, and each product's
 * edit form. Photos are kept as their uploaded URLs; a photo still uploading is not kept.
 */
export const PRODUCT_DRAFT_KEY_PREFIX = 'productDraft.';

/** How long after the last keystroke the form is written down. */
export const LOCAL_DRAFT_DEBOUNCE_MS = 500;

export type DraftSlot = { kind: 'add' } | { kind: 'edit'; productId: string };

export interface LocalDraft {
  version: 1;
  savedAt: string;
  values: ProductFormValues;
}

export function localDraftKey(sellerId: string, slot: DraftSlot): string {
  const screen = slot.kind === 'add' ? 'add' : `edit/${slot.productId}`;
  return `${PRODUCT_DRAFT_KEY_PREFIX}${sellerId}.${screen}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Storage outlives releases: an entry of an older shape is dropped rather than trusted.
function isLocalDraft(value: unknown): value is LocalDraft {
  if (!isRecord(value) || value.version !== 1 || typeof value.savedAt !== 'string') return false;
  const v = value.values;
  return (
    isRecord(v) &&
    typeof v.name === 'string' &&
    typeof v.price === 'string' &&
    Array.isArray(v.images) &&
    Array.isArray(v.tags) &&
    Array.isArray(v.options) &&
    Array.isArray(v.variants) &&
    isRecord(v.saleType) &&
    isRecord(v.dimensionsCm)
  );
}

export function readLocalDraft(sellerId: string, slot: DraftSlot): LocalDraft | null {
  return readStored(localDraftKey(sellerId, slot), isLocalDraft);
}

export function writeLocalDraft(
  sellerId: string,
  slot: DraftSlot,
  values: ProductFormValues,
  now = new Date(),
) {
  const draft: LocalDraft = { version: 1, savedAt: now.toISOString(), values };
  writeStored(localDraftKey(sellerId, slot), draft);
}

export function clearLocalDraft(sellerId: string, slot: DraftSlot) {
  removeStored([localDraftKey(sellerId, slot)]);
}
