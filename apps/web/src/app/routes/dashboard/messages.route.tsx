import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { Inbox } from '@/features/conversations/inbox';
import { messagesApi } from '@/features/conversations/messages-api';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { readBearerToken } from '@/lib/session-token';

/** The seller's conversations with buyers; the open one is `?c=<id>`, so a link can open it. */
export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  const [search, setSearch] = useSearchParams();
  const inboxApi = useMemo(() => messagesApi(api, 'seller'), [api]);
  const selectedId = search.get('c');
  return (
    <DashboardScreen title="Messages" layout="messages">
      <Inbox
        api={inboxApi}
        getToken={readBearerToken}
        sellerId={seller?._id ?? null}
        selectedId={selectedId}
        onSelect={(id) => setSearch(id ? { c: id } : {}, { replace: selectedId !== null && id !== null })}
        emptyHint="Buyers can message you from your shows, blips and their orders. Their messages arrive here live."
      />
    </DashboardScreen>
  );
}
