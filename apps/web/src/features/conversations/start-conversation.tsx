import type { BuyerStartConversationBody } from '@kasuwa/contracts';
import { useEffect, useRef, useState } from 'react';
import { messagesApi } from '@/features/conversations/messages-api';
import type { ApiClient } from '@/lib/api-client';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

/** Reads what the buyer came from (`?streamId=` / `blipId` / `orderId` / `sellerId`). */
export function startBodyOf(search: URLSearchParams): BuyerStartConversationBody | null {
  for (const key of ['streamId', 'blipId', 'orderId', 'sellerId'] as const) {
    const value = search.get(key);
    if (value) return { [key]: value } as BuyerStartConversationBody;
  }
  return null;
}

/** Opens (or finds) the buyer's conversation with the store, then hands its id on. */
export function StartConversation({
  api,
  body,
  onStarted,
}: {
  api: ApiClient;
  body: BuyerStartConversationBody | null;
  onStarted: (conversationId: string) => void;
}) {
  const [error, setError] = useState<string | null>(
    body ? null : 'This link does not say which store to message.',
  );
  const [attempt, setAttempt] = useState(0);
  const started = useRef(onStarted);
  started.current = onStarted;
  useEffect(() => {
    // `attempt` is read so "Try again" runs the call again.
    if (!body || attempt < 0) return;
    let cancelled = false;
    setError(null);
    messagesApi(api, 'buyer')
      .startAsBuyer(body)
      .then(({ conversation }) => {
        if (!cancelled) started.current(conversation._id);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(apiErrorDetail(err) ?? 'Could not open the conversation.');
      });
    return () => {
      cancelled = true;
    };
  }, [api, body, attempt]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      {error ? (
        <>
          <p role="alert" className="text-danger-600">
            {error}
          </p>
          {body && <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>}
        </>
      ) : (
        <Spinner label="Opening the conversation" />
      )}
    </main>
  );
}
