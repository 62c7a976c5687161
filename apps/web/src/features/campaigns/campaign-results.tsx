import type { CampaignResults as Results } from '@kasuwa/contracts';
import { rate } from '@/features/campaigns/campaigns-api';
import { formatNaira } from '@/lib/money';

const count = new Intl.NumberFormat('en-NG');

/** A campaign's funnel: recipients → delivered → opened → clicked → orders and revenue (7 days after a click). */
export function CampaignResults({ results }: { results: Results }) {
  const cells: { label: string; value: string; note?: string }[] = [
    { label: 'Recipients', value: count.format(results.recipients) },
    { label: 'Delivered', value: count.format(results.delivered) },
    { label: 'Opened', value: count.format(results.opened), note: rate(results.opened, results.delivered) },
    {
      label: 'Clicked',
      value: count.format(results.clicked),
      note: rate(results.clicked, results.delivered),
    },
    { label: 'Orders', value: count.format(results.orders) },
    { label: 'Revenue', value: formatNaira(results.revenue) },
  ];
  return (
    <dl className="grid grid-cols-3 gap-x-3 gap-y-2 sm:grid-cols-6">
      {cells.map((c) => (
        <div key={c.label} className="min-w-0">
          <dt className="text-ink-muted text-xs">{c.label}</dt>
          <dd className="truncate font-semibold text-ink tabular-nums">
            {c.value}
            {c.note && <span className="ml-1 font-normal text-ink-muted text-xs">{c.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
