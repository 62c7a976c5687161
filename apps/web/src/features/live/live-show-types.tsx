import { clsx } from 'clsx';
import { Gavel, Gift, Radio } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';

/** SPEC section 2: the live-show types, and which of them a seller can start today. */
export const LIVE_SHOW_TYPES = [
  {
    name: 'Auctions',
    text: 'Buyers bid on your products live; the highest bid wins.',
    icon: Gavel,
    to: paths.dashboard.liveStreams.createLiveAuction,
  },
  {
    name: 'Open Live Show',
    text: 'Show your products on camera and sell to buyers as they watch.',
    icon: Radio,
    to: paths.dashboard.liveStreams.createLiveShow,
  },
  {
    name: 'Live Giveaways',
    text: 'Give products away to viewers to grow your following.',
    icon: Gift,
    // issue 21: run from any show's studio; this screen lists them and says how.
    to: paths.dashboard.liveStreams.liveGiveaways,
  },
] as const;

/** The live-stream page's choice of show: available types link to their set-up, others say so. */
export function LiveShowTypes() {
  return (
    <ul className="mt-4 grid gap-4 md:grid-cols-3">
      {LIVE_SHOW_TYPES.map(({ name, text, icon: Icon, to }) => {
        const body = (
          <>
            <span
              className={clsx(
                'flex size-11 items-center justify-center rounded-full',
                to ? 'bg-brand-50 text-brand-700' : 'bg-canvas text-ink-muted',
              )}
            >
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="mt-3 block font-semibold text-ink">{name}</span>
            <span className="mt-1 block text-ink-muted text-sm">{text}</span>
            <span
              className={clsx('mt-3 block font-semibold text-sm', to ? 'text-brand-700' : 'text-ink-muted')}
            >
              {to ? 'Available: set up a show' : 'Unavailable for now'}
            </span>
          </>
        );
        return (
          <li key={name}>
            {to ? (
              <Link
                to={to}
                className="block h-full rounded-card border border-brand-200 bg-surface p-5 shadow-card hover:border-brand-500"
              >
                {body}
              </Link>
            ) : (
              <div
                aria-disabled="true"
                className="h-full rounded-card border border-line bg-surface p-5 opacity-80"
              >
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
