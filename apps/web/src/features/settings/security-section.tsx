import { changePasswordBody, PASSWORD_POLICY_TEXT } from '@kasuwa/contracts';
import { type FormEvent, useState } from 'react';
import { useChangePassword, useSignOutOthers } from '@/features/settings/settings-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

/** Change password (ends every other session) and "Sign out everywhere else". */
export function SecurityForm({ api }: { api: ApiClient }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'currentPassword' | 'newPassword', string>>>({});
  const change = useChangePassword(api);
  const signOut = useSignOutOthers(api);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordBody.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof typeof errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: (answer) => {
        setCurrentPassword('');
        setNewPassword('');
        toast.success(answer.message);
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} noValidate aria-label="Change password" className="flex flex-col gap-4">
        <h3 className="font-semibold text-ink">Change password</h3>
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          error={errors.currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <Input
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_POLICY_TEXT}
          value={newPassword}
          error={errors.newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <p className="text-ink-muted text-sm">Changing it signs you out on every other phone and computer.</p>
        <div>
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending || undefined}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
      <div className="flex flex-col gap-2 border-line border-t pt-4">
        <h3 className="font-semibold text-ink">Other devices</h3>
        <p className="text-ink-muted text-sm">
          Lost a phone or used a shared computer? Sign out everywhere except this device.
        </p>
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={signOut.isPending}
            aria-busy={signOut.isPending || undefined}
            onClick={() =>
              signOut.mutate(undefined, { onSuccess: (answer) => toast.success(answer.message) })
            }
          >
            Sign out everywhere else
          </Button>
        </div>
      </div>
    </div>
  );
}
