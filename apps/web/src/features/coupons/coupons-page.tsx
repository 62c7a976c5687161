import {
  COUPON_SCOPE_LABELS,
  COUPON_STATUS_LABELS,
  type Coupon,
  type CouponStatus,
  type CouponsResponse,
  couponValueText,
} from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Pencil, Plus, TicketPercent } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { couponKeys, couponQueries, setCouponDisabled } from '@/features/coupons/coupons-api';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { type TabItem, TabList } from '@/ui/tabs';

type Tab = 'all' | CouponStatus;
const TABS: Tab[] = ['all', 'active', 'scheduled', 'expired', 'disabled'];
const TAB_TEXT: Record<Tab, string> = { all: 'All', ...COUPON_STATUS_LABELS };
const EMPTY_TEXT: Record<Tab, string> = {
  all: 'No coupons yet. Create one to give buyers a reason to order today.',
  active: 'No coupon is active right now.',
  scheduled: 'No coupon is waiting to start.',
  expired: 'No coupon has expired.',
  disabled: 'No coupon is disabled.',
};
const STATUS_CLASSES: Record<CouponStatus, string> = {
  active: 'bg-brand-50 text-brand-800',
  scheduled: 'bg-amber-100 text-amber-900',
  expired: 'bg-canvas text-ink-muted',
  disabled: 'bg-danger-50 text-danger-700',
};
const PANEL_ID = 'coupons-panel';
const readTab = (v: string | null): Tab => (TABS.includes(v as Tab) ? (v as Tab) : 'all');

const dateText = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

function whenText(c: Coupon): string {
  if (c.scope === 'live' && c.show) {
    return c.show.status === 'live'
      ? `During “${c.show.title}” — live now`
      : c.show.status === 'ended'
        ? `During “${c.show.title}” (ended)`
        : `During “${c.show.title}”, ${dateText.format(new Date(c.show.scheduledStartTime))}`;
  }
  const from = dateText.format(new Date(c.startsAt));
  return c.endsAt ? `${from} – ${dateText.format(new Date(c.endsAt))}` : `From ${from}, no end date`;
}

function rulesText(c: Coupon): string {
  const parts = [
    c.scope === 'products'
      ? `${c.products.length} product${c.products.length === 1 ? '' : 's'}`
      : COUPON_SCOPE_LABELS[c.scope],
  ];
  if (c.minOrder !== null) parts.push(`min. ${formatNaira(c.minOrder)}`);
  if (c.perBuyerLimit !== null)
    parts.push(c.perBuyerLimit === 1 ? 'once per buyer' : `${c.perBuyerLimit}× per buyer`);
  return parts.join(' · ');
}

function CouponCard({ coupon, api }: { coupon: Coupon; api: ApiClient }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => setCouponDisabled(api, coupon._id, !coupon.disabled),
    onSuccess: async ({ coupon: saved }) => {
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
      toast.success(
        saved.disabled ? `${saved.code} disabled: buyers can no longer use it` : `${saved.code} enabled`,
      );
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : 'That did not work. Try again.'),
  });
  const uses = coupon.usageLimit !== null ? `${coupon.uses} / ${coupon.usageLimit}` : String(coupon.uses);
  return (
    <li className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <span className="font-mono font-semibold text-ink text-lg tracking-wide">{coupon.code}</span>
        <span className={clsx('rounded-full px-2 py-0.5 font-medium text-xs', STATUS_CLASSES[coupon.status])}>
          {COUPON_STATUS_LABELS[coupon.status]}
        </span>
        <span className="ml-auto font-semibold text-brand-700">{couponValueText(coupon, formatNaira)}</span>
      </div>
      <p className="mt-1 text-ink-muted text-sm">{rulesText(coupon)}</p>
      <p className="text-ink-muted text-sm">{whenText(coupon)}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 rounded-control bg-canvas p-3 text-center tabular-nums">
        <div>
          <dt className="text-ink-muted text-xs">Uses</dt>
          <dd className="font-semibold text-ink">{uses}</dd>
        </div>
        <div>
          <dt className="text-ink-muted text-xs">Paid orders</dt>
          <dd className="font-semibold text-ink">{coupon.paidOrders}</dd>
        </div>
        <div>
          <dt className="text-ink-muted text-xs">Revenue</dt>
          <dd className="font-semibold text-ink">{formatNaira(coupon.revenue)}</dd>
        </div>
      </dl>
      {coupon.discountGiven > 0 && (
        <p className="mt-2 text-ink-muted text-xs">
          You gave {formatNaira(coupon.discountGiven)} in discounts on paid orders.
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <Link
          to={`${paths.dashboard.marketing.coupons.create}?edit=${encodeURIComponent(coupon._id)}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          aria-label={`Edit ${coupon.code}`}
        >
          <Pencil aria-hidden className="size-4" /> Edit
        </Link>
        <Button
          variant={coupon.disabled ? 'secondary' : 'ghost'}
          size="sm"
          loading={toggle.isPending}
          onClick={() => toggle.mutate()}
          aria-label={`${coupon.disabled ? 'Enable' : 'Disable'} ${coupon.code}`}
        >
          {coupon.disabled ? 'Enable' : 'Disable'}
        </Button>
      </div>
    </li>
  );
}

function Tabs({
  value,
  counts,
  onChange,
}: {
  value: Tab;
  counts: CouponsResponse['counts'] | undefined;
  onChange: (t: Tab) => void;
}) {
  const items: TabItem<Tab>[] = TABS.map((tab) => ({
    id: tab,
    tabId: `coupons-tab-${tab}`,
    controls: PANEL_ID,
    label: (
      <>
        {TAB_TEXT[tab]}
        {counts && (
          <span
            className={clsx(
              'rounded-full px-1.5 text-xs tabular-nums',
              tab === value ? 'bg-white text-brand-800' : 'bg-surface text-ink-muted',
            )}
          >
            {counts[tab]}
          </span>
        )}
      </>
    ),
  }));
  return (
    <TabList
      label="Coupon status"
      items={items}
      selected={value}
      onSelect={onChange}
      className="-mx-1 flex min-w-0 gap-1 overflow-x-auto px-1 pb-1"
      tabClassName={(selected) =>
        clsx(
          'inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full px-3.5 font-medium text-sm',
          selected ? 'bg-brand-600 text-white' : 'bg-canvas text-ink hover:bg-line',
        )
      }
    />
  );
}

/** The seller's coupons: status chips with counts, a card per coupon with its uses and revenue. */
export function CouponsPage({ api }: { api: ApiClient }) {
  const [search, setSearch] = useSearchParams();
  const tab = readTab(search.get('status'));
  const list = useQuery(couponQueries.list(api));
  const shown = list.data?.coupons.filter((c) => tab === 'all' || c.status === tab) ?? [];

  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs
          value={tab}
          counts={list.data?.counts}
          onChange={(t) => setSearch(t === 'all' ? {} : { status: t }, { replace: true })}
        />
        <Link to={paths.dashboard.marketing.coupons.create} className={buttonClasses({ size: 'md' })}>
          <Plus aria-hidden className="size-4" /> Create coupon
        </Link>
      </div>
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`coupons-tab-${tab}`}>
        {list.isPending ? (
          <ListSkeleton label="Loading coupons" rows={3} />
        ) : !list.data ? (
          <LoadFailed what="your coupons" onRetry={() => void list.refetch()} />
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-card bg-surface px-4 py-12 text-center shadow-card">
            <TicketPercent aria-hidden className="size-10 text-brand-600" />
            <p className="max-w-sm text-ink-muted">{EMPTY_TEXT[tab]}</p>
            {tab === 'all' && (
              <Link to={paths.dashboard.marketing.coupons.create} className={buttonClasses()}>
                Create your first coupon
              </Link>
            )}
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {shown.map((c) => (
              <CouponCard key={c._id} coupon={c} api={api} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
