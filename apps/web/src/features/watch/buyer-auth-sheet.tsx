import {
  type BuyerAuthResponse,
  buyerLoginBody,
  buyerRegisterBody,
  PASSWORD_POLICY_TEXT,
} from '@kasuwa/contracts';
import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import type { BuyerSession } from '@/features/watch/buyer-session';
import type { ApiClient } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Input } from '@/ui/input';
import { TabList } from '@/ui/tabs';

/**
 * The buyer's log-in and sign-up, as a sheet over the watch page (or a blip's page) so the video
 * keeps playing behind it. Loaded only when opened: most viewers just watch.
 */

type Mode = 'login' | 'signup';
type Fields = { name: string; email: string; password: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

export interface BuyerAuthSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  api: ApiClient;
  onLoggedIn: (session: BuyerSession) => void;
  /** Why the sheet opened, e.g. 'Log in to bid'. */
  reason?: string;
  /** The log-in title: what an account lets the buyer do on this page. */
  loginTitle?: string;
}

export default function BuyerAuthSheet({
  open,
  onOpenChange,
  api,
  onLoggedIn,
  reason,
  loginTitle = 'Log in to bid and comment',
}: BuyerAuthSheetProps) {
  const [mode, setMode] = useState<Mode>('login');
  const [fields, setFields] = useState<Fields>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  // The sheet says what went wrong in its own alert, so no errorToast.
  const { mutateAsync: authenticate } = useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => api.post<BuyerAuthResponse>(path, body),
  });

  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed =
      mode === 'login'
        ? buyerLoginBody.safeParse({ email: fields.email, password: fields.password })
        : buyerRegisterBody.safeParse(fields);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'name' || key === 'email' || key === 'password') && !next[key])
          next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await authenticate({
        path: mode === 'login' ? '/buyers/login' : '/buyers/register',
        body: parsed.data,
      });
      onLoggedIn({ buyer: answer.buyer, token: answer.token });
      setFields({ name: '', email: '', password: '' });
      onOpenChange(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'login' ? loginTitle : 'Create a buyer account'}
      description={reason}
    >
      <TabList
        label="Account"
        className="mb-4 grid grid-cols-2 rounded-control bg-canvas p-1"
        selected={mode}
        onSelect={(id) => {
          setMode(id);
          setErrors({});
          setFailure(null);
        }}
        items={(
          [
            ['login', 'Log in'],
            ['signup', 'Sign up'],
          ] as const
        ).map(([id, label]) => ({ id, label, tabId: `${ids}-${id}`, controls: `${ids}-panel` }))}
        tabClassName={(selected) =>
          clsx(
            'min-h-10 rounded-[0.5rem] font-semibold text-sm',
            selected ? 'bg-surface text-ink shadow-sm' : 'text-ink-muted',
          )
        }
      />
      <form
        id={`${ids}-panel`}
        role="tabpanel"
        aria-labelledby={`${ids}-${mode}`}
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3"
      >
        {mode === 'signup' && (
          <Input
            label="Name"
            autoComplete="name"
            value={fields.name}
            onChange={set('name')}
            error={errors.name}
          />
        )}
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={fields.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Input
          label="Password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          value={fields.password}
          onChange={set('password')}
          error={errors.password}
          hint={mode === 'signup' ? PASSWORD_POLICY_TEXT : undefined}
        />
        {failure && (
          <p role="alert" className="text-danger-600 text-sm">
            {failure}
          </p>
        )}
        <Button type="submit" fullWidth loading={busy}>
          {mode === 'login' ? 'Log in' : 'Sign up'}
        </Button>
      </form>
    </Dialog>
  );
}
