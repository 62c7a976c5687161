import { type AccountOverviewResponse, KYC_STATUS_LABELS, PRODUCT_NAME } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { accountQueries, lagosDate, onboardingTime, whatsAppShareUrl } from '@/features/account/account-api';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { buttonClasses } from '@/ui/button';
import { LoadFailed } from '@/ui/list-skeleton';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { ShareLinkBox } from '@/ui/share-link-box';

export interface AccountPageProps {
  api?: ApiClient;
}

/** The Account screen (issue 17): who the seller is, how the account stands, and the store to share. */
export function AccountPage({ api = appApi }: AccountPageProps) {
  const account = useQuery(accountQueries.overview(api));
  if (account.isPending) return <div aria-hidden className="h-64 animate-pulse rounded-card bg-line" />;
  if (account.isError || !account.data) {
    return (
      <section aria-label="Account" className="rounded-card bg-surface shadow-card">
        <LoadFailed what="your account" onRetry={() => void account.refetch()} />
      </section>
    );
  }
  const a = account.data;
  return (
    <div className="flex flex-col gap-4">
      <Identity account={a} />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <Card title="Profile">
          <Facts>
            <Fact label="First name">{a.firstName}</Fact>
            <Fact label="Last name">{a.lastName}</Fact>
            <Fact label="E-mail">
              <span className="break-all">{a.email}</span>{' '}
              <Flag ok={a.emailVerified} yes="Verified" no="Not verified" />
            </Fact>
            <Fact label="Phone">{a.phoneNumber}</Fact>
            <Fact label="Account type">
              {a.accountType === 'business'
                ? 'Business'
                : a.accountType === 'individual'
                  ? 'Individual'
                  : 'Not chosen yet'}
            </Fact>
            {a.businessName && <Fact label="Business name">{a.businessName}</Fact>}
          </Facts>
        </Card>
        <Card title="Status">
          <Facts>
            <Fact label="Approval">
              <Flag ok={a.isVerified} yes="Approved" no="In review" />
            </Fact>
            <Fact label="KYC">
              <Flag ok={a.kycStatus === 'verified'} yes="Verified" no={KYC_STATUS_LABELS[a.kycStatus]} />
              {a.kycStatus !== 'verified' && (
                <Link
                  to={paths.dashboard.kycVerification}
                  className="ml-2 font-medium text-brand-700 underline"
                >
                  Verify your identity
                </Link>
              )}
            </Fact>
            <Fact label="Member since">{lagosDate(a.memberSince)}</Fact>
            <Fact label="Onboarding time">
              {a.onboardingMinutes !== null
                ? onboardingTime(a.onboardingMinutes)
                : a.isVerified
                  ? 'Not recorded'
                  : 'Onboarding not finished yet'}
            </Fact>
          </Facts>
        </Card>
        <StoreLink account={a} />
        <Card title="Referrals">
          <Facts>
            <Fact label="Your referral code">
              <span className="font-mono font-semibold tracking-wider">{a.referralCode}</span>
            </Fact>
            <Fact label="Sellers who joined with it">{a.referredSellers}</Fact>
          </Facts>
          <a
            href={whatsAppShareUrl(
              `Sell on ${PRODUCT_NAME} with me: live shows, auctions and payouts to your bank. Sign up with my referral code ${a.referralCode}.`,
            )}
            target="_blank"
            rel="noopener noreferrer"
            className={clsx(buttonClasses({ variant: 'secondary', size: 'sm' }), 'mt-4 self-start')}
          >
            Invite a seller on WhatsApp
          </a>
        </Card>
      </div>
    </div>
  );
}

function Identity({ account: a }: { account: AccountOverviewResponse }) {
  const initials = `${a.firstName[0] ?? ''}${a.lastName[0] ?? ''}`.toUpperCase();
  return (
    <section aria-label="Seller" className="flex items-center gap-4 rounded-card bg-surface p-5 shadow-card">
      {a.storeAvatarUrl ? (
        <MediaImage
          src={a.storeAvatarUrl}
          shownAt={fixedSlot(64)}
          className="size-16 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700 text-xl"
        >
          {initials}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink text-xl">
          {a.firstName} {a.lastName}
        </p>
        <p className="truncate text-ink-muted">{a.storeName}</p>
      </div>
    </section>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-card bg-surface p-5 shadow-card">
      <h2 id={id} className="font-semibold text-ink text-lg">
        {title}
      </h2>
      <div className="mt-3 flex flex-col">{children}</div>
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="flex flex-col divide-y divide-line">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-ink-muted text-sm sm:w-32">{label}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

function Flag({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  const Icon = ok ? BadgeCheck : CircleAlert;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-xs',
        ok ? 'bg-brand-50 text-brand-700' : 'bg-amber-50 text-amber-800',
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {ok ? yes : no}
    </span>
  );
}

function StoreLink({ account: a }: { account: AccountOverviewResponse }) {
  const text = `Shop ${a.storeName} on ${PRODUCT_NAME}: ${a.storeUrl}`;
  return (
    <Card title="Your store link">
      <ShareLinkBox
        url={a.storeUrl}
        copyLabel={`Copy link to ${a.storeName}`}
        share={{ title: a.storeName, text: `Shop ${a.storeName} on ${PRODUCT_NAME}` }}
        actions={
          <a
            href={whatsAppShareUrl(text)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-10 items-center gap-1.5 rounded-control bg-[#075E54] px-3 font-semibold text-sm text-white hover:bg-[#054a42]"
          >
            Share on WhatsApp
          </a>
        }
      >
        <figure className="flex flex-col items-start gap-1">
          <QRCodeSVG
            value={a.storeUrl}
            size={144}
            marginSize={2}
            title={`QR code for ${a.storeName}`}
            className="rounded-control bg-white"
          />
          <figcaption className="text-ink-muted text-xs">
            Buyers scan this to open your store. Print it for your stall or shop window.
          </figcaption>
        </figure>
      </ShareLinkBox>
    </Card>
  );
}
