import {
  DEFAULT_RETURN_WINDOW_DAYS,
  RETURN_WINDOW_DAYS,
  type ReturnsPolicySettings,
} from '@kasuwa/contracts';
import { type FormEvent, useState } from 'react';
import { useReturnsPolicySave } from '@/features/settings/settings-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

type Choice = 'kasuwa' | 7 | 14 | 30;

/** SPEC "Shipping options": the platform's policy (7 days) or the seller's own 7, 14 or 30 days. */
export function ReturnsPolicyForm({ api, current }: { api: ApiClient; current: ReturnsPolicySettings }) {
  const [choice, setChoice] = useState<Choice>(
    current.returnsAndExchangePolicy === 'kasuwa' ? 'kasuwa' : (current.returnWindowDays as 7 | 14 | 30),
  );
  const save = useReturnsPolicySave(api);
  const options: { value: Choice; label: string; hint: string }[] = [
    {
      value: 'kasuwa',
      label: 'Kasuwa returns policy',
      hint: `Buyers can ask to return an item within ${DEFAULT_RETURN_WINDOW_DAYS} days of delivery.`,
    },
    ...RETURN_WINDOW_DAYS.map((days) => ({
      value: days,
      label: `My own policy: ${days} days`,
      hint: `Buyers can ask to return an item within ${days} days of delivery.`,
    })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      choice === 'kasuwa'
        ? { returnsAndExchangePolicy: 'kasuwa' }
        : { returnsAndExchangePolicy: 'custom', returnWindowDays: choice },
      { onSuccess: (answer) => toast.success(answer.message) },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Returns policy" className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Returns and exchange policy</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer items-start gap-3 rounded-control border p-3 ${
              choice === option.value ? 'border-brand-600 bg-brand-50' : 'border-line'
            }`}
          >
            <input
              type="radio"
              name="returns-policy"
              className="mt-1 size-4 accent-brand-600"
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />
            <span>
              <span className="block font-medium text-ink">{option.label}</span>
              <span className="block text-ink-muted text-sm">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save returns policy'}
        </Button>
      </div>
    </form>
  );
}
