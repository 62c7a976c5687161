import { changePasswordBody, PASSWORD_POLICY_TEXT } from '@kasuwa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  sessionsQuery,
  settingsKeys,
  useChangePassword,
  useSignOutOthers,
} from '@/features/settings/settings-api';
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
  const queryClient = useQueryClient();
  const refreshSessions = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });

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
        refreshSessions();
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
        <h3 className="font-semibold text-ink">Signed-in devices</h3>
        <SignedInDevices api={api} />
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
              signOut.mutate(undefined, {
                onSuccess: (answer) => {
                  toast.success(answer.message);
                  refreshSessions();
                },
              })
            }
          >
            Sign out everywhere else
          </Button>
        </div>
      </div>
    </div>
  );
}

const ago = new Intl.RelativeTimeFormat('en-NG', { numeric: 'auto' });
const lastActive = (at: string, now: number) => {
  const minutes = Math.round((now - new Date(at).getTime()) / 60_000);
  if (minutes < 10) return 'Active now';
  if (minutes < 60) return `Active ${ago.format(-minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `Active ${ago.format(-hours, 'hour')}`;
  return `Active ${ago.format(-Math.round(hours / 24), 'day')}`;
};

/** The devices signed in now, this one first; written by the server as each device calls it. */
function SignedInDevices({ api }: { api: ApiClient }) {
  const sessions = useQuery(sessionsQuery(api));
  if (sessions.isPending) return <p className="text-ink-muted text-sm">Loading your devices…</p>;
  if (sessions.isError)
    return <p className="text-ink-muted text-sm">Your devices could not be listed just now.</p>;
  const now = Date.now();
  const list = [...sessions.data.sessions].sort((a, b) => Number(b.current) - Number(a.current));
  if (list.length === 0) return <p className="text-ink-muted text-sm">Only this device.</p>;
  return (
    <ul aria-label="Signed-in devices" className="divide-y divide-line rounded-card border border-line">
      {list.map((s) => {
        const Icon = /Android|iPhone|iPad/.test(s.device) ? Smartphone : Laptop;
        return (
          <li key={`${s.device}-${s.firstSeenAt}`} className="flex items-center gap-3 px-3 py-2.5">
            <Icon className="size-5 shrink-0 text-ink-muted" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink text-sm">
                {s.device}
                {s.current && (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-700 text-xs">
                    This device
                  </span>
                )}
              </p>
              <p className="text-ink-muted text-xs">
                {[s.current ? 'Active now' : lastActive(s.lastSeenAt, now), s.network]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
