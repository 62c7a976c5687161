import type { OrderSummary } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '@/app/paths';
import { formatDate } from '@/features/customers/customer-format';
import { customerQueries } from '@/features/customers/customers-api';
import { type ApiClient, api as appApi, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { stateText } from '@/lib/state-name';
import { FitFigure } from '@/ui/fit-figure';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { BackLink, NotFoundCard } from '@/ui/record-page';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="@container rounded-card bg-surface p-4 shadow-card">
      <dt className="text-ink-muted text-sm">{label}</dt>
      <dd className="mt-1 font-semibold text-ink text-xl tabular-nums">
        <FitFigure>{value}</FitFigure>
      </dd>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 className="font-semibold text-ink">{title}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

/**
 * One customer: their spend with this store, contacts, addresses, the shows they came to and their
 * orders. The orders' rows are the Orders screen's; the route passes them in (`renderOrders`), as
 * a feature does not import another.
 */
export function CustomerPage({
  customerId,
  api = appApi,
  renderOrders,
  actions,
}: {
  customerId: string;
  api?: ApiClient;
  renderOrders: (orders: OrderSummary[]) => ReactNode;
  /** Beside the customer's name: what the screen adds (Message buyer). */
  actions?: ReactNode;
}) {
  const query = useQuery(customerQueries.detail(api, customerId));
  if (query.isPending) return <ListSkeleton label="Loading the customer" rows={4} />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <NotFoundCard
          title="Customer not found"
          what="customer"
          backTo={paths.dashboard.customers}
          backLabel="Back to Customers"
        />
      );
    }
    return <LoadFailed what="this customer" onRetry={() => void query.refetch()} />;
  }
  const { customer, orders } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={paths.dashboard.customers}>Customers</BackLink>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-ink text-xl">{customer.name}</h2>
          {customer.state && <p className="text-ink-muted text-sm">{stateText(customer.state)}</p>}
        </div>
        {actions}
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Total spent" value={formatNaira(customer.totalSpent)} />
        <Figure label="Orders" value={String(customer.orderCount)} />
        <Figure label="First order" value={formatDate(customer.firstOrderAt)} />
        <Figure label="Last order" value={formatDate(customer.lastOrderAt)} />
      </dl>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
        <section aria-label="Orders" className="rounded-card bg-surface shadow-card">
          <h2 className="p-4 pb-0 font-semibold text-ink">Orders</h2>
          {orders.length === 0 ? (
            <p className="p-4 text-ink-muted text-sm">No orders to show.</p>
          ) : (
            renderOrders(orders)
          )}
        </section>
        <div className="flex flex-col gap-4">
          <Panel title="Contact">
            {customer.phoneNumber && (
              <a
                href={`tel:${customer.phoneNumber}`}
                className="inline-flex min-h-10 items-center gap-2 text-brand-700 underline"
              >
                <Phone className="size-4" aria-hidden />
                {customer.phoneNumber}
              </a>
            )}
            {customer.email && (
              <p>
                <a href={`mailto:${customer.email}`} className="break-all text-brand-700 underline">
                  {customer.email}
                </a>
              </p>
            )}
            {!customer.phoneNumber && !customer.email && (
              <p className="text-ink-muted">No contact details shared.</p>
            )}
          </Panel>
          <Panel title="Addresses">
            {customer.addresses.length === 0 ? (
              <p className="text-ink-muted">No delivery addresses yet (pickup orders only).</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {customer.addresses.map((a) => (
                  <li key={`${a.addressLine1}|${a.city}|${a.state}`}>
                    <address className="not-italic">
                      {a.fullName}, {a.phoneNumber}
                      <br />
                      {a.addressLine1}
                      {a.addressLine2 ? `, ${a.addressLine2}` : ''}, {a.city}, {stateText(a.state)}
                    </address>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Shows attended">
            {customer.showsAttended.length === 0 ? (
              <p className="text-ink-muted">None yet: their orders came from Buy now.</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {customer.showsAttended.map((s) => (
                  <li key={s._id}>
                    {s.title}
                    {s.startedAt && <span className="text-ink-muted"> · {formatDate(s.startedAt)}</span>}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}
