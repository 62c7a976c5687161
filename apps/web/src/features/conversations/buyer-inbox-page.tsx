import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Inbox } from '@/features/conversations/inbox';
import { messagesApi } from '@/features/conversations/messages-api';
import type { ApiClient } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';

/** The buyer's inbox: their conversations with stores, full height, the open one in the URL. */
export function BuyerInboxPage({
  api,
  token,
  selectedId,
  onSelect,
  backTo,
}: {
  api: ApiClient;
  token: string;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Where the back arrow goes (the buyer's orders). */
  backTo: string;
}) {
  useDocumentTitle('Messages');
  const inboxApi = useMemo(() => messagesApi(api, 'buyer', token), [api, token]);
  return (
    <div className="flex h-dvh flex-col bg-canvas">
      {/* On a phone an open conversation has its own header and back arrow. */}
      <header
        className={clsx(
          'min-h-14 items-center gap-2 border-line border-b bg-surface px-3',
          selectedId ? 'hidden lg:flex' : 'flex',
        )}
      >
        <Link to={backTo} aria-label="Back to my orders" className="rounded-control p-2 hover:bg-canvas">
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="font-semibold text-ink text-lg">Messages</h1>
      </header>
      <main className="mx-auto flex min-h-0 w-full max-w-5xl flex-1">
        <Inbox
          api={inboxApi}
          getToken={() => token}
          selectedId={selectedId}
          onSelect={onSelect}
          emptyHint="Message a store from its show, a blip or your order page."
        />
      </main>
    </div>
  );
}
