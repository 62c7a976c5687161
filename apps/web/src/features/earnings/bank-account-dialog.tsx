import {
  BANK_CHANGE_PAYOUT_HOLD_HOURS,
  type BankAccount,
  resolveBankAccountBody,
  saveBankAccountBody,
} from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useResolveBankAccount, useSaveBankAccount } from '@/features/earnings/earnings-mutations';
import { earningsQueries } from '@/features/earnings/earnings-queries';
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '@/features/earnings/form-errors';
import { EMPTY_STEP_UP, StepUpFields, type StepUpState, stepUpOf } from '@/features/earnings/step-up';
import type { ApiClient } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Combobox } from '@/ui/combobox';
import { Dialog } from '@/ui/dialog';
import { Input } from '@/ui/input';
import { Spinner } from '@/ui/spinner';

/*
 * Add or change the payout account (its own chunk, loaded on the first tap): the bank from the
 * provider's list, the 10-digit NUBAN, the name the bank answers for it — shown before anything is
 * saved, so a mistyped number never receives a payout — then the step-up and the save.
 */

type Bank = { name: string; code: string };

export interface BankAccountDialogProps {
  api: ApiClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: BankAccount | null;
}

export default function BankAccountDialog({ api, open, onOpenChange, current }: BankAccountDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={current ? 'Change bank account' : 'Add bank account'}
      description={
        current
          ? `For your safety, payouts pause for ${BANK_CHANGE_PAYOUT_HOLD_HOURS} hours after a change, and we e-mail you about it.`
          : 'The account your payouts go to. It should be in your name or your business’s name.'
      }
      focusFirstField={false}
    >
      <BankAccountForm api={api} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

interface Resolved {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

function BankAccountForm({ api, onDone }: { api: ApiClient; onDone: () => void }) {
  const banks = useQuery(earningsQueries.banks(api));
  const resolve = useResolveBankAccount(api);
  const save = useSaveBankAccount(api);
  const [bank, setBank] = useState<Bank | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const [resolved, setResolved] = useState<Resolved | null>(null);
  const [stepUp, setStepUp] = useState<StepUpState>(EMPTY_STEP_UP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const complete = bank !== null && /^\d{10}$/.test(accountNumber);
  const nameFor =
    resolved && bank && resolved.bankCode === bank.code && resolved.accountNumber === accountNumber
      ? resolved.accountName
      : null;

  const { mutate: resolveMutate, reset: resolveReset } = resolve;
  const check = useCallback(
    (bankCode: string, number: string) =>
      resolveMutate(
        { bankCode, accountNumber: number },
        {
          onSuccess: (answer, asked) =>
            setResolved({
              bankCode: asked.bankCode,
              accountNumber: asked.accountNumber,
              accountName: answer.accountName,
            }),
        },
      ),
    [resolveMutate],
  );
  // The name check runs once the bank is chosen and the tenth digit is typed.
  useEffect(() => {
    if (complete && bank) check(bank.code, accountNumber);
    else resolveReset();
  }, [complete, bank, accountNumber, check, resolveReset]);

  const search = useCallback(
    (query: string) => {
      const words = query.trim().toLowerCase();
      const all = banks.data ?? [];
      return words ? all.filter((b) => b.name.toLowerCase().includes(words)) : all;
    },
    [banks.data],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = saveBankAccountBody.safeParse({
      bankCode: bank?.code ?? '',
      accountNumber,
      stepUp: stepUpOf(stepUp),
    });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    if (!nameFor) return;
    save.mutate(checked.data, {
      onSuccess: onDone,
      onError: (error) => {
        const { message, fields } = serverErrorOf(error);
        setFailure(message);
        setErrors(fields);
      },
    });
  };

  const resolveFailure = resolve.isError && complete ? serverErrorOf(resolve.error).message : null;
  const busy = save.isPending;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {banks.isError ? (
        <div role="alert" className="flex flex-col gap-2 rounded-control bg-danger-50 p-3 text-sm">
          <p className="text-danger-700">We could not load the list of banks.</p>
          <Button variant="secondary" size="sm" onClick={() => void banks.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Combobox<Bank>
          label="Bank"
          search={search}
          itemKey={(b) => b.code}
          itemLabel={(b) => b.name}
          value={bank}
          onChange={setBank}
          disabled={banks.isPending || busy}
          placeholder={banks.isPending ? 'Loading banks…' : 'Search for your bank'}
          error={errors.bankCode}
          noMatchText={(query) => `No bank called "${query}"`}
        />
      )}
      <Input
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        value={accountNumber}
        onChange={(e) => {
          setAccountNumber(e.target.value.replace(/\D/g, '').slice(0, 10));
          if (errors.accountNumber) setErrors(({ accountNumber: _, ...rest }) => rest);
        }}
        // A number left short says so when the seller moves on: Save stays off until the bank
        // answers a name, so it would otherwise never say why.
        onBlur={() => {
          const short = resolveBankAccountBody.shape.accountNumber.safeParse(accountNumber);
          if (accountNumber && !short.success)
            setErrors((e) => ({ ...e, accountNumber: short.error.issues[0]?.message }));
        }}
        hint="The 10-digit NUBAN on your bank app or statement."
        error={errors.accountNumber}
        disabled={busy}
      />
      {complete && (
        <div aria-live="polite">
          {resolve.isPending ? (
            <p role="status" className="flex items-center gap-2 text-ink-muted text-sm">
              <Spinner size="sm" decorative />
              Checking the account name…
            </p>
          ) : nameFor ? (
            <p className="flex items-start gap-2 rounded-control bg-brand-50 p-3 text-brand-800 text-sm">
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                Account name: <strong className="font-semibold">{nameFor}</strong>
              </span>
            </p>
          ) : resolveFailure ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-2 rounded-control bg-danger-50 p-3 text-sm"
            >
              <p className="text-danger-700">{resolveFailure}</p>
              {bank && (
                <Button variant="secondary" size="sm" onClick={() => check(bank.code, accountNumber)}>
                  Check again
                </Button>
              )}
            </div>
          ) : null}
        </div>
      )}
      {nameFor && (
        <StepUpFields api={api} value={stepUp} onChange={setStepUp} error={errors.stepUp} disabled={busy} />
      )}
      {failure && (
        <p role="alert" className="rounded-control bg-danger-50 p-3 text-danger-700 text-sm">
          {failure}
        </p>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={!nameFor}>
          Save bank account
        </Button>
      </div>
    </form>
  );
}
