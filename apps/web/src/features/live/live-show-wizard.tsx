import type { StreamType } from '@kasuwa/contracts';
import { History } from 'lucide-react';
import { useState } from 'react';
import { STEP_LABELS, WIZARD_STEPS } from '@/features/live/live-draft';
import { DetailsStep } from '@/features/live/live-show-wizard-details';
import { type MediaSlot, MediaStep } from '@/features/live/live-show-wizard-media';
import { ScheduleStep } from '@/features/live/live-show-wizard-schedule';
import { Stepper } from '@/features/live/live-show-wizard-stepper';
import { ProductsStep } from '@/features/live/products-step';
import type { UploadFn } from '@/features/live/streams-api';
import { useLiveShowWizard } from '@/features/live/use-live-show-wizard';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { lagosDateTime } from '@/lib/lagos-date';
import { Button } from '@/ui/button';

export interface LiveShowWizardProps {
  kind: StreamType;
  sellerId: string;
  api?: ApiClient;
  /** Tests pass their own media upload. */
  upload?: UploadFn;
}

/** The create live show and create live auction wizards: details, media, products, schedule. */
export function LiveShowWizard({ kind, sellerId, api = appApi, upload }: LiveShowWizardProps) {
  const { form, step, stepIndex, keptDraft, headingRef, goTo, onNext, onBack, startOver } = useLiveShowWizard(
    { kind, sellerId },
  );
  const [busy, setBusy] = useState({ coverPhoto: false, video: false });
  const uploading = busy.coverPhoto || busy.video;
  const onBusyChange = (slot: MediaSlot, value: boolean) =>
    setBusy((b) => (b[slot] === value ? b : { ...b, [slot]: value }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onNext();
      }}
      className="mt-4 flex flex-col gap-4 pb-24 sm:pb-0"
    >
      {keptDraft && (
        <div className="flex flex-col gap-2 rounded-card border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-brand-800 text-sm">
            <History className="size-4 shrink-0" aria-hidden />
            We kept your draft from {lagosDateTime(keptDraft.savedAt)}.
          </p>
          <Button variant="secondary" size="sm" onClick={startOver}>
            Start over
          </Button>
        </div>
      )}
      <Stepper current={step} onJump={(target) => goTo(target)} />
      <h2 ref={headingRef} tabIndex={-1} className="sr-only">
        Step {stepIndex + 1} of {WIZARD_STEPS.length}: {STEP_LABELS[step]}
      </h2>
      {step === 'details' && <DetailsStep form={form} api={api} />}
      {step === 'media' && <MediaStep form={form} upload={upload} onBusyChange={onBusyChange} />}
      {step === 'products' && <ProductsStep form={form} kind={kind} api={api} sellerId={sellerId} />}
      {step === 'schedule' && <ScheduleStep form={form} />}
      <div className="fixed inset-x-0 bottom-0 z-10 flex gap-2 border-line border-t bg-surface p-3 sm:static sm:justify-end sm:border-0 sm:bg-transparent sm:p-0">
        {stepIndex > 0 && (
          <Button variant="secondary" size="lg" onClick={onBack} className="flex-1 sm:flex-none">
            Back
          </Button>
        )}
        <Button type="submit" size="lg" disabled={uploading} className="flex-1 sm:flex-none">
          {uploading ? 'Uploading…' : stepIndex === WIZARD_STEPS.length - 1 ? 'Review' : 'Next'}
        </Button>
      </div>
    </form>
  );
}
