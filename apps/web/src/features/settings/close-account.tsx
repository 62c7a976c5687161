import {
  ACCOUNT_CLOSURE_GRACE_DAYS,
  type AccountClosure,
  type AccountClosureResponse,
  type CloseAccountBody,
} from '@kasuwa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { settingsKeys } from '@/features/settings/settings-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: 'Africa/Lagos' }).format(new Date(iso));

/** "Close account": typed store name and password, a grace period, and a way back until it ends. */
export function CloseAccount({
  api,
  storeName,
  closure,
}: {
  api: ApiClient;
  storeName: string;
  closure: AccountClosure | null;
}) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typedName, setTypedName] = useState('');
  const [password, setPassword] = useState('');
  const settle = async (answer: AccountClosureResponse) => {
    toast.success(answer.message);
    setOpen(false);
    setPassword('');
    setTypedName('');
    await client.invalidateQueries({ queryKey: settingsKeys.all });
  };
  const close = useMutation({
    mutationFn: (body: CloseAccountBody) =>
      api.post<AccountClosureResponse>('/seller/settings/close-account', body),
    onSuccess: settle,
    meta: { errorToast: 'Could not close your account' },
  });
  const cancel = useMutation({
    mutationFn: () => api.post<AccountClosureResponse>('/seller/settings/close-account/cancel'),
    onSuccess: settle,
    meta: { errorToast: 'Could not cancel the closure' },
  });

  if (closure) {
    return (
      <div className="flex flex-col gap-3 rounded-control border border-danger-600 p-4">
        <p className="font-semibold text-danger-700">Your account closes on {day(closure.closesAt)}.</p>
        <p className="text-ink-muted text-sm">
          Until then you can change your mind. After that your store is switched off and your name, e-mail,
          phone, addresses and bank details are removed for good.
        </p>
        <div>
          <Button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            Keep my account
          </Button>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate({ storeName: typedName, password });
  };
  const matches = typedName.trim().toLowerCase() === storeName.trim().toLowerCase();

  return (
    <div className="flex flex-col gap-3 border-line border-t pt-4">
      <h3 className="font-semibold text-ink">Close account</h3>
      <p className="text-ink-muted text-sm">
        Your store stops selling and, after {ACCOUNT_CLOSURE_GRACE_DAYS} days, your personal data is removed.
        Records the law requires (orders, payouts, tax) are kept without your name. Download your data first.
      </p>
      {!open ? (
        <div>
          <Button type="button" variant="danger" onClick={() => setOpen(true)}>
            Close my account
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Close account" className="flex flex-col gap-4">
          <Input
            label={`Type your store name (${storeName}) to confirm`}
            value={typedName}
            autoComplete="off"
            onChange={(e) => setTypedName(e.target.value)}
          />
          <Input
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={!matches || !password || close.isPending}>
              Close my account in {ACCOUNT_CLOSURE_GRACE_DAYS} days
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
