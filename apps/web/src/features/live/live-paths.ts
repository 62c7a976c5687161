import type { StreamType } from '@kasuwa/contracts';
import { paths } from '@/app/paths';
import type { WizardStep } from '@/features/live/live-draft';

/*
 * The wizards and the submit page share one draft per kind of show; the URL says which kind and
 * which step, so a reload or the phone's back button lands where the seller was.
 */

export const SHOW_TYPE_PARAM = 'type';
export const STEP_PARAM = 'step';

const live = paths.dashboard.liveStreams;

export function createShowPath(kind: StreamType, step?: WizardStep): string {
  const base = kind === 'live_auction' ? live.createLiveAuction : live.createLiveShow;
  return step ? `${base}?${new URLSearchParams({ [STEP_PARAM]: step })}` : base;
}

export function submitShowPath(kind: StreamType): string {
  return `${live.submitLiveShow}?${new URLSearchParams({ [SHOW_TYPE_PARAM]: kind })}`;
}

/** The kind named in the submit page's URL; an Open Live Show when missing or unknown. */
export function showKindFrom(search: URLSearchParams): StreamType {
  return search.get(SHOW_TYPE_PARAM) === 'live_auction' ? 'live_auction' : 'live_show';
}

/** Navigation state of the review's Edit links: the wizard then needs no "we kept your draft" notice. */
export const FROM_REVIEW = { fromReview: true } as const;

export function cameFromReview(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromReview' in state && state.fromReview === true;
}
