import { type PayoutSchedule, payoutScheduleBody } from '@kasuwa/contracts';
import { type FormEvent, useState } from 'react';
import { useSavePayoutSchedule } from '@/features/earnings/earnings-mutations';
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '@/features/earnings/form-errors';
import { EMPTY_STEP_UP, StepUpFields, type StepUpState, stepUpOf } from '@/features/earnings/step-up';
import type { ApiClient } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

/** Confirms a new payout schedule with the step-up (its own chunk, with the contract's schemas). */
export default function ScheduleDialog({
  api,
  schedule,
  onClose,
}: {
  api: ApiClient;
  /** The schedule to confirm; null keeps the dialog closed. */
  schedule: PayoutSchedule | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={schedule !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Change payout schedule"
      description={
        schedule === 'manual'
          ? 'Payouts will be sent only when you ask for one.'
          : schedule === 'weekly'
            ? 'Your whole available balance will be sent to your bank every Monday.'
            : 'Your whole available balance will be sent to your bank every day.'
      }
      focusFirstField={false}
    >
      {schedule && <ScheduleForm api={api} schedule={schedule} onDone={onClose} />}
    </Dialog>
  );
}

function ScheduleForm({
  api,
  schedule,
  onDone,
}: {
  api: ApiClient;
  schedule: PayoutSchedule;
  onDone: () => void;
}) {
  const save = useSavePayoutSchedule(api);
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY_STEP_UP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = payoutScheduleBody.safeParse({ schedule, stepUp: stepUpOf(stepUp) });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: onDone,
      onError: (error) => {
        const { message, fields } = serverErrorOf(error);
        setFailure(message);
        setErrors(fields);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <StepUpFields
        api={api}
        value={stepUp}
        onChange={setStepUp}
        error={errors.stepUp}
        disabled={save.isPending}
      />
      {failure && (
        <p role="alert" className="rounded-control bg-danger-50 p-3 text-danger-700 text-sm">
          {failure}
        </p>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save schedule
        </Button>
      </div>
    </form>
  );
}
