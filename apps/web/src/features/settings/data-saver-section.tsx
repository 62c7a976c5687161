import { useId } from 'react';
import { browserAsksToSaveData, dataSaverChosen, setDataSaver, useDataSaver } from '@/lib/data-saver';

/**
 * The data-saver switch (lib/data-saver.ts). It belongs to this phone, not the account, so it is
 * saved at once on the device, with no Save button.
 */
export function DataSaverSection() {
  const on = useDataSaver();
  const labelId = useId();
  const hintId = useId();
  const fromBrowser = !dataSaverChosen() && browserAsksToSaveData();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={labelId} className="font-medium text-ink">
          Data saver
        </p>
        <p id={hintId} className="text-ink-muted text-sm">
          Uses less mobile data on this phone: blips play only when you tap them, photos load smaller, your
          live video is sent at a lower quality and the dashboard checks for news less often.
          {fromBrowser && ' On because your browser asks to save data.'}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={() => setDataSaver(!on)}
        className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-brand-600 focus-visible:outline-offset-2 ${on ? 'bg-brand-600' : 'bg-line-strong'}`}
      >
        <span
          aria-hidden
          className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-7' : 'translate-x-1'}`}
        />
      </button>
    </div>
  );
}
