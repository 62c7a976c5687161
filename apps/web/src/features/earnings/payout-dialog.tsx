import { type EarningsSummaryResponse, requestPayoutBody } from '@kasuwa/contracts';
import { Landmark } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { isDefiniteRefusal, newIdempotencyKey } from '@/features/earnings/earnings-api';
import { DEFAULT_MINIMUM_PAYOUT } from '@/features/earnings/earnings-labels';
import { useRequestPayout } from '@/features/earnings/earnings-mutations';
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '@/features/earnings/form-errors';
import { EMPTY_STEP_UP, StepUpFields, type StepUpState, stepUpOf } from '@/features/earnings/step-up';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira, parseNairaInput } from '@/lib/money';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { AmountField } from '@/ui/form-parts';

/*
 * Request payout (its own chunk: it carries the contract's zod schemas, loaded on the first tap).
 * The amount starts at the whole available balance; the step-up proves it is the seller. The
 * Idempotency-Key is made when the dialog opens and kept through retries, so a double tap or a
 * retry after a dropped connection makes one payout; only a refusal by the server (nothing was
 * made) lets the next attempt take a new key.
 */

const amountText = (naira: number) =>
  naira.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface PayoutDialogProps {
  api: ApiClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: EarningsSummaryResponse;
}

export default function PayoutDialog({ api, open, onOpenChange, summary }: PayoutDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request payout"
      description={`Available now: ${formatNaira(summary.available)}`}
      focusFirstField={false}
    >
      <PayoutForm api={api} summary={summary} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function PayoutForm({
  api,
  summary,
  onDone,
}: {
  api: ApiClient;
  summary: EarningsSummaryResponse;
  onDone: () => void;
}) {
  const payout = useRequestPayout(api);
  const [key, setKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState(() => amountText(summary.available));
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY_STEP_UP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // After a try whose outcome is unknown (no answer), the payout may exist: the retry must be the
  // same request, so the amount stays as it was sent.
  const [unsure, setUnsure] = useState(false);
  const minimum = summary.minimumPayout || DEFAULT_MINIMUM_PAYOUT;
  const account = summary.bankAccount;
  const parsed = parseNairaInput(amount);

  /** What is wrong with the amount for this balance, before the contract's own checks. */
  const amountProblem = (naira: number | undefined): string | undefined => {
    if (naira === undefined) return 'Enter an amount';
    if (Number.isNaN(naira)) return 'Enter an amount in naira, e.g. 5,000';
    if (naira < minimum) return `The smallest payout is ${formatNaira(minimum)}`;
    if (naira > summary.available) return `You can pay out up to ${formatNaira(summary.available)}`;
    return undefined;
  };

  if (!account) {
    return <p className="text-ink-muted">Add the bank account your payouts go to first.</p>;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local: FieldErrors = {};
    const problem = amountProblem(parsed);
    if (problem) local.amount = problem;
    const checked = requestPayoutBody.safeParse({ amount: parsed, stepUp: stepUpOf(stepUp) });
    const found = { ...(checked.success ? {} : fieldErrorsOf(checked.error.issues)), ...local };
    setErrors(found);
    if (!checked.success || Object.keys(local).length > 0) return;
    payout.mutate(
      { body: checked.data, idempotencyKey: key },
      {
        onSuccess: onDone,
        onError: (error) => {
          const { message, fields } = serverErrorOf(error);
          setFailure(message);
          setErrors(fields);
          if (isDefiniteRefusal(error)) {
            setKey(newIdempotencyKey());
            setUnsure(false);
          } else setUnsure(true);
        },
      },
    );
  };

  // The button names the sum only when it is one the seller can be paid: never a sum above the
  // balance, below the minimum or with a third decimal, which the next tap would refuse.
  const payable =
    parsed !== undefined &&
    !amountProblem(parsed) &&
    requestPayoutBody.shape.amount.safeParse(parsed).success;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <AmountField
        label="Amount"
        prefix="₦"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        hint={
          unsure
            ? 'Try again with the same amount: if the first try reached us, you are paid once.'
            : `At least ${formatNaira(minimum)}, at most ${formatNaira(summary.available)}.`
        }
        readOnly={unsure}
        disabled={payout.isPending}
      />
      <div className="flex items-center gap-3 rounded-control bg-canvas p-3">
        <Landmark className="size-5 shrink-0 text-ink-muted" aria-hidden />
        <div className="min-w-0 text-sm">
          <p className="text-ink-muted">To</p>
          <p className="font-medium text-ink">
            {account.bankName} ••••{account.accountNumber.slice(-4)}
          </p>
          <p className="truncate text-ink-muted">{account.accountName}</p>
        </div>
      </div>
      <StepUpFields
        api={api}
        value={stepUp}
        onChange={setStepUp}
        error={errors.stepUp}
        disabled={payout.isPending}
      />
      {failure && (
        <p role="alert" className="rounded-control bg-danger-50 p-3 text-danger-700 text-sm">
          {failure}
        </p>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={payout.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={payout.isPending}>
          {payout.isPending ? 'Sending…' : payable ? `Pay out ${formatNaira(parsed)}` : 'Request payout'}
        </Button>
      </div>
    </form>
  );
}
