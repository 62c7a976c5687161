import { clsx } from 'clsx';
import { CalendarClock, Zap } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  deviceTimeZone,
  formatLagosTime,
  fromLocalInputValue,
  relativeTime,
  toLocalInputValue,
} from '@/features/live/show-time';
import type { LiveDraftForm } from '@/features/live/use-live-show-wizard';
import { FormSection } from '@/ui/form-parts';

/** Today at 20:00 if that is still ahead, then tomorrow at 20:00: evening is when buyers watch. */
function quickTimes(now: Date): { label: string; at: Date }[] {
  const inAnHour = new Date(now.getTime() + 60 * 60_000);
  inAnHour.setSeconds(0, 0);
  const tonight = new Date(now);
  tonight.setHours(20, 0, 0, 0);
  const tomorrow = new Date(tonight);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return [
    { label: 'In 1 hour', at: inAnHour },
    ...(tonight.getTime() > now.getTime() + 15 * 60_000 ? [{ label: 'Today, 8 pm', at: tonight }] : []),
    { label: 'Tomorrow, 8 pm', at: tomorrow },
  ];
}

/** Step 4: start now, or a date and time (with quick picks) shown back in Lagos time. */
export function ScheduleStep({ form }: { form: LiveDraftForm }) {
  const timeId = useId();
  const [startImmediately, scheduled] = useWatch({
    control: form.control,
    name: ['startImmediately', 'scheduledStartTime'],
  });
  const error = form.formState.errors.scheduledStartTime?.message;
  const [now] = useState(() => new Date());
  const choose = (immediately: boolean) => {
    form.setValue('startImmediately', immediately, { shouldDirty: true });
    form.clearErrors('scheduledStartTime');
  };
  const setTime = (iso: string | null) =>
    form.setValue('scheduledStartTime', iso, { shouldDirty: true, shouldValidate: iso !== null });

  return (
    <FormSection title="Schedule" description="When your show starts. You go live from the studio.">
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <legend className="mb-2 font-medium text-ink text-sm">Start</legend>
        <ChoiceCard
          name="start"
          checked={!startImmediately}
          onChange={() => choose(false)}
          icon={<CalendarClock className="size-5" aria-hidden />}
          title="Schedule for later"
          text="Pick a date and time; buyers can see it coming and share your link."
        />
        <ChoiceCard
          name="start"
          checked={startImmediately}
          onChange={() => choose(true)}
          icon={<Zap className="size-5" aria-hidden />}
          title="Start immediately"
          text="Go straight to the studio after you submit."
        />
      </fieldset>
      {!startImmediately && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={timeId} className="font-medium text-ink text-sm">
            Start date and time
          </label>
          <input
            id={timeId}
            type="datetime-local"
            value={toLocalInputValue(scheduled)}
            min={toLocalInputValue(now)}
            onChange={(event) => setTime(fromLocalInputValue(event.target.value))}
            onBlur={() => void form.trigger('scheduledStartTime')}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${timeId}-hint`, error ? `${timeId}-error` : null].filter(Boolean).join(' ')}
            className={clsx(
              'min-h-11 w-full max-w-xs rounded-control border bg-surface px-3 text-base text-ink',
              error ? 'border-danger-600' : 'border-line-strong',
            )}
          />
          <p id={`${timeId}-hint`} className="text-ink-muted text-sm">
            In your phone's time zone ({deviceTimeZone()}).
          </p>
          {error && (
            <p id={`${timeId}-error`} className="font-medium text-danger-600 text-sm">
              {error}
            </p>
          )}
          <div className="mt-1 flex flex-wrap gap-2">
            {quickTimes(now).map(({ label, at }) => (
              <button
                key={label}
                type="button"
                onClick={() => setTime(at.toISOString())}
                className="min-h-10 rounded-full border border-line-strong px-3 text-ink text-sm hover:bg-canvas"
              >
                {label}
              </button>
            ))}
          </div>
          {scheduled && !error && (
            <p className="mt-2 rounded-control bg-canvas p-3 text-ink text-sm" aria-live="polite">
              Starts <strong>{formatLagosTime(scheduled)}</strong> (Lagos time), {relativeTime(scheduled)}.
            </p>
          )}
        </div>
      )}
    </FormSection>
  );
}

function ChoiceCard({
  name,
  checked,
  onChange,
  icon,
  title,
  text,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <label
      className={clsx(
        'flex cursor-pointer gap-3 rounded-control border p-3',
        checked ? 'border-brand-600 bg-brand-50' : 'border-line-strong bg-surface',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-1 size-4 accent-brand-600"
      />
      <span className="flex flex-col">
        <span className="flex items-center gap-1.5 font-semibold text-ink">
          {icon}
          {title}
        </span>
        <span className="text-ink-muted text-sm">{text}</span>
      </span>
    </label>
  );
}
