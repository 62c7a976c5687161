import type { Seller } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CheckCircle2, CircleAlert, MapPin, PackagePlus, Radio, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { greetingLine, storeLine } from '@/features/home/greeting';
import { homeQueries } from '@/features/home/home-queries';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { buttonClasses } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';

export function Card({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={clsx('rounded-card bg-surface p-5 shadow-card', className)}>
      <h2 className="font-semibold text-ink">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Greeting({ seller, now = new Date() }: { seller: Seller; now?: Date }) {
  return (
    // The dashboard's prerendered first paint has this block, filled in by app/boot.ts.
    <div data-greeting="">
      <p className="font-semibold text-ink text-xl">{greetingLine(seller.firstName, now)}</p>
      <p className="mt-1 text-ink-muted text-sm">{storeLine(seller.storeName)}</p>
    </div>
  );
}

/** Where a seller registers the pickup address their account type calls for. */
export function pickupAddressPath(seller: Pick<Seller, 'accountType'>): string {
  // Settings edits the address of either account type; without a type, onboarding must ask first.
  if (seller.accountType) return paths.dashboard.settingsSection('pickup-address');
  return paths.onboarding.profile;
}

/** Shown at the top of home when the route guard sent the seller here for a missing address. */
export function PickupAddressPrompt({ seller }: { seller: Seller }) {
  return (
    <section
      aria-labelledby="pickup-address-prompt"
      className="rounded-card border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <div className="flex items-start gap-3">
        <MapPin className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="pickup-address-prompt" className="font-semibold">
            Register your pickup address
          </h2>
          <p className="mt-1 text-sm">
            Couriers collect your orders from this address. You need it before you can add products or go
            live.
          </p>
          <Link to={pickupAddressPath(seller)} className={clsx(buttonClasses({ size: 'md' }), 'mt-3')}>
            Register pickup address
          </Link>
        </div>
      </div>
    </section>
  );
}

function StatusRow({ done, label, todo }: { done: boolean; label: string; todo?: ReactNode }) {
  return (
    <li className="flex items-start gap-2 py-1.5">
      {done ? (
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
      ) : (
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      )}
      <span className="text-sm">
        <span className="font-medium text-ink">{label}</span>
        <span className="sr-only">{done ? ': done' : ': missing'}</span>
        {!done && todo && <span className="block text-ink-muted">{todo}</span>}
      </span>
    </li>
  );
}

/** Approval and verification, each step with what is missing and where to fix it. */
export function AccountStatus({ seller, hasPickupAddress }: { seller: Seller; hasPickupAddress: boolean }) {
  return (
    <Card title="Account status">
      <p className="text-sm">
        {seller.isVerified ? (
          <span className="font-semibold text-brand-700">Approved: you can sell on the marketplace.</span>
        ) : (
          <span className="font-semibold text-amber-800">
            In review: our support team is checking your application.
          </span>
        )}
      </p>
      <ul className="mt-2">
        <StatusRow
          done={seller.emailVerified}
          label="Email verified"
          todo={
            <Link to={paths.verifyEmail} className="font-semibold text-brand-700 underline">
              Verify your email
            </Link>
          }
        />
        <StatusRow
          done={hasPickupAddress}
          label="Pickup address"
          todo={
            <Link to={pickupAddressPath(seller)} className="font-semibold text-brand-700 underline">
              Register your pickup address
            </Link>
          }
        />
        <StatusRow
          done={seller.isVerified}
          label="KYC verification"
          todo={
            <Link to={paths.dashboard.kycVerification} className="font-semibold text-brand-700 underline">
              Check your identity documents
            </Link>
          }
        />
      </ul>
    </Card>
  );
}

export function WalletCard({ seller }: { seller: Seller }) {
  return (
    <Card title="Wallet balance">
      <p className="flex items-center gap-2 font-bold text-2xl text-ink">
        <Wallet className="size-6 text-brand-600" aria-hidden />
        {formatNaira(seller.walletBalance)}
      </p>
      <Link
        to={paths.dashboard.earningsPayouts}
        className="mt-2 inline-block font-semibold text-brand-700 text-sm underline"
      >
        Earnings &amp; Payouts
      </Link>
    </Card>
  );
}

export function QuickActions() {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={paths.dashboard.addProducts} className={buttonClasses({ variant: 'secondary' })}>
        <PackagePlus className="size-4" aria-hidden />
        Add product
      </Link>
      <Link to={paths.dashboard.liveStreams.liveStream} className={buttonClasses()}>
        <Radio className="size-4" aria-hidden />
        Go Live
      </Link>
    </div>
  );
}

export function TopSoldProducts({ sellerId, api = appApi }: { sellerId: string; api?: ApiClient }) {
  const { data, isPending, isError } = useQuery(homeQueries.topSoldProducts(api, sellerId));
  return (
    <Card title="Top sold products">
      {isPending ? (
        <p className="text-ink-muted text-sm">Loading…</p>
      ) : isError ? (
        <p className="text-ink-muted text-sm">Your best sellers could not be loaded just now.</p>
      ) : data.products.length === 0 ? (
        <p className="text-ink-muted text-sm">
          No sales yet. Add your first product, then go live to show it to buyers: your best sellers will be
          listed here.
        </p>
      ) : (
        <ol className="divide-y divide-line">
          {data.products.map((p) => (
            <li key={p._id} className="flex items-center gap-3 py-2">
              {p.imageUrl ? (
                <MediaImage
                  src={p.imageUrl}
                  shownAt={fixedSlot(40)}
                  className="size-10 rounded-control object-cover"
                />
              ) : (
                <span aria-hidden className="size-10 rounded-control bg-canvas" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-ink text-sm">{p.name}</span>
                <span className="block text-ink-muted text-xs">{p.unitsSold} sold</span>
              </span>
              <span className="font-semibold text-ink text-sm">{formatNaira(p.revenue)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
