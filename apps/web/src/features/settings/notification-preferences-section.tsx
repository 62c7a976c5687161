import {
  NOTIFICATION_GROUP_LABELS,
  type NotificationPreferences,
  notificationGroup,
} from '@kasuwa/contracts';
import { type FormEvent, useState } from 'react';
import { useNotificationPreferencesSave } from '@/features/settings/settings-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

/** In-app and e-mail per group; account and security messages are always sent. */
export function NotificationPreferencesForm({
  api,
  current,
}: {
  api: ApiClient;
  current: NotificationPreferences;
}) {
  const [preferences, setPreferences] = useState(current);
  const save = useNotificationPreferencesSave(api);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ preferences }, { onSuccess: (answer) => toast.success(answer.message) });
  };

  return (
    <form onSubmit={submit} aria-label="Notification preferences" className="flex flex-col gap-4">
      <table className="w-full text-sm">
        <caption className="sr-only">Which notifications you get, in the app and by e-mail</caption>
        <thead>
          <tr className="text-left text-ink-muted">
            <th scope="col" className="pb-2 font-medium">
              Type
            </th>
            <th scope="col" className="w-16 pb-2 text-center font-medium">
              In-app
            </th>
            <th scope="col" className="w-16 pb-2 text-center font-medium">
              E-mail
            </th>
          </tr>
        </thead>
        <tbody>
          {notificationGroup.options.map((group) => {
            const words = NOTIFICATION_GROUP_LABELS[group];
            return (
              <tr key={group} className="border-line border-t">
                <th scope="row" className="py-3 pr-2 text-left font-normal">
                  <span className="block font-medium text-ink">{words.title}</span>
                  <span className="block text-ink-muted">{words.description}</span>
                </th>
                {(['inApp', 'email'] as const).map((channel) => (
                  <td key={channel} className="py-3 text-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-600"
                      aria-label={`${words.title}: ${channel === 'inApp' ? 'in-app' : 'e-mail'}`}
                      checked={preferences[group][channel]}
                      onChange={(e) =>
                        setPreferences({
                          ...preferences,
                          [group]: { ...preferences[group], [channel]: e.target.checked },
                        })
                      }
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-ink-muted text-sm">
        Security messages (sign-in and verification codes, password changes, payout bank changes) and account
        notices are always sent.
      </p>
      <div>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save notification preferences'}
        </Button>
      </div>
    </form>
  );
}
