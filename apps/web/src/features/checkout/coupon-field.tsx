import type { CouponCheckBody, CouponCheckResponse } from '@kasuwa/contracts';
import { TicketPercent, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';

/** A code the server said applies: shown in the totals and sent with the order. */
export interface AppliedCoupon {
  code: string;
  discount: number;
  description: string;
}

export const checkCoupon = (api: ApiClient, body: CouponCheckBody) =>
  api.post<CouponCheckResponse>('/checkout/coupons/check', body);

export interface CouponFieldProps {
  api: ApiClient;
  item: Omit<CouponCheckBody, 'code'>;
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
}

/**
 * "Have a coupon?": the code is checked by the server against this item (the seller's coupons
 * only) and the answer is shown in its words — the discount, or why not (expired, minimum not
 * met, used up, only during the live show…). The order is priced again by the server when placed.
 */
export function CouponField({ api, item, applied, onApplied }: CouponFieldProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    const typed = code.trim();
    if (!typed) {
      setRefusal('Enter a code');
      return;
    }
    setChecking(true);
    setRefusal(null);
    try {
      const answer = await checkCoupon(api, { ...item, code: typed });
      if (answer.valid) {
        onApplied({ code: answer.code, discount: answer.discount, description: answer.description });
        setCode('');
      } else {
        setRefusal(answer.message);
      }
    } catch (error) {
      setRefusal(
        isApiError(error) && error.status === 429
          ? 'Too many tries. Wait a minute, then try again.'
          : error instanceof Error
            ? error.message
            : 'The code could not be checked. Try again.',
      );
    } finally {
      setChecking(false);
    }
  };

  if (applied) {
    return (
      <section aria-label="Coupon" className="rounded-card bg-surface p-4 shadow-card">
        <div className="flex items-start gap-3 rounded-control border border-brand-200 bg-brand-50 p-3">
          <TicketPercent aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <p className="min-w-0 flex-1 text-sm" role="status">
            <span className="block font-semibold text-ink">{applied.code} applied</span>
            <span className="block text-ink-muted">
              {applied.description} — you save {formatNaira(applied.discount)}
            </span>
          </p>
          <button
            type="button"
            onClick={() => onApplied(null)}
            className="-m-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-control text-ink-muted hover:text-ink"
            aria-label={`Remove coupon ${applied.code}`}
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
      </section>
    );
  }

  return (
    <section aria-label="Coupon" className="rounded-card bg-surface p-4 shadow-card">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        Coupon code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setRefusal(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          placeholder="e.g. SAVE10"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
          className={`min-h-11 min-w-0 flex-1 rounded-control border bg-surface px-3 text-base text-ink uppercase placeholder:text-ink-subtle placeholder:normal-case ${
            refusal ? 'border-danger-600' : 'border-line-strong'
          }`}
        />
        <Button type="button" variant="secondary" loading={checking} onClick={() => void apply()}>
          Apply
        </Button>
      </div>
      {refusal && (
        <p id={`${id}-refusal`} role="alert" className="mt-1.5 text-danger-600 text-sm">
          {refusal}
        </p>
      )}
    </section>
  );
}
