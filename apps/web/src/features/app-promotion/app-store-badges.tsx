import { externalLinks } from '@/lib/external-links';

/**
 * SPEC section 1: the mobile app promotion on the account-type screen, with app store and play store
 * badges linking to the addresses configured at build time (VITE_APP_STORE_URL, VITE_PLAY_STORE_URL).
 * Badges are drawn inline so the screen needs no extra image downloads.
 */
export function AppStoreBadges({
  appStoreUrl = externalLinks.appStore,
  playStoreUrl = externalLinks.playStore,
}) {
  return (
    <section aria-labelledby="app-promotion-title" className="rounded-card bg-surface p-4 shadow-card">
      <h2 id="app-promotion-title" className="font-semibold text-ink">
        Sell on the go
      </h2>
      <p className="mt-1 text-ink-muted text-sm">
        Get the seller app to manage orders and go live from your phone.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <StoreBadge href={appStoreUrl} small="Download on the" big="App Store" icon="apple" />
        <StoreBadge href={playStoreUrl} small="Get it on" big="Google Play" icon="play" />
      </div>
    </section>
  );
}

function StoreBadge({
  href,
  small,
  big,
  icon,
}: {
  href: string;
  small: string;
  big: string;
  icon: 'apple' | 'play';
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-h-12 items-center gap-2 rounded-control bg-ink px-3 py-1.5 text-white hover:bg-black"
    >
      <svg viewBox="0 0 24 24" className="size-6 shrink-0" aria-hidden="true" fill="currentColor">
        {icon === 'apple' ? (
          <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.6-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.3 1.2 9.7.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.5-1-2.5-3.9ZM14 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4Z" />
        ) : (
          <path d="M3.6 2.3c-.3.3-.4.7-.4 1.2v17c0 .5.1.9.4 1.2l9.5-9.7-9.5-9.7Zm10.4 8.8 2.8-2.9L5.2 1.6c-.4-.2-.7-.3-1-.2l9.8 9.7Zm0 1.8-9.8 9.7c.3.1.7 0 1-.2l11.6-6.6-2.8-2.9Zm6.3-2.4-2.6-1.5-3.1 3.2 3.1 3.2 2.6-1.5c.9-.5.9-1.9 0-2.4Z" />
        )}
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="text-[10px]">{small}</span>
        <span className="font-semibold text-sm">{big}</span>
      </span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
