import type { VacationModeResponse } from '@kasuwa/contracts';
import { useMutation } from '@tanstack/react-query';
import { Palmtree } from 'lucide-react';
import { useId } from 'react';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export const VACATION_FAILED = 'Failed to toggle vacation mode';

export interface VacationToggleProps {
  isOn: boolean;
  /** The state the server now holds (SPEC section 4: it toggles as the server replies). */
  onChanged: (isOn: boolean) => void;
  api?: ApiClient;
}

/** A switch for vacation mode, with the spec's success and failure toasts. */
export function VacationToggle({ isOn, onChanged, api = appApi }: VacationToggleProps) {
  const labelId = useId();
  const descriptionId = useId();
  const mutation = useMutation({
    mutationFn: (next: boolean) => api.put<VacationModeResponse>('/seller/vacation-mode', { isOn: next }),
    onSuccess: (answer) => {
      const now = answer.vacationMode.isOn;
      onChanged(now);
      toast.success(now ? 'Vacation mode enabled successfully' : 'Vacation mode disabled successfully');
    },
    meta: { errorToast: VACATION_FAILED },
  });

  return (
    <div className="flex items-start gap-4">
      <div className="min-w-0 flex-1">
        <p id={labelId} className="font-semibold text-ink">
          Vacation mode
        </p>
        <p id={descriptionId} className="mt-1 text-ink-muted text-sm">
          Going away? Turn it on to tell buyers your store is paused; turn it off when you are back.
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        aria-busy={mutation.isPending || undefined}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(!isOn)}
        className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${
          isOn ? 'bg-brand-600' : 'bg-line-strong'
        }`}
      >
        <span
          aria-hidden
          className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${
            isOn ? 'translate-x-7' : 'translate-x-1'
          }`}
        />
      </button>
    </div>
  );
}

/** Across the top of every dashboard screen while vacation mode is on. */
export function VacationBanner() {
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-amber-200 border-b bg-amber-50 px-4 py-2 text-amber-900 text-sm lg:px-6"
    >
      <Palmtree className="size-4 shrink-0" aria-hidden />
      <span>
        <strong className="font-semibold">Vacation mode is on.</strong> Buyers see your store as paused. Turn
        it off on the Dashboard when you are back.
      </span>
    </div>
  );
}
