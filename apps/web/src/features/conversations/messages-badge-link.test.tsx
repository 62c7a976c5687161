import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useUnreadMessages } from '@/features/conversations/messages-badge-link';
import { fakeApiClient } from '@/test/in-memory-api';

describe('the messages badge', () => {
  it('asks the server for the unread count alone, not for the conversations', async () => {
    const { api, calls } = fakeApiClient((call) =>
      call.path === '/conversations/unread-count'
        ? { status: 200, body: { unreadCount: 7 } }
        : { status: 404, body: { message: 'Not found' } },
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUnreadMessages('seller-1', api), { wrapper });
    await waitFor(() => expect(result.current).toBe(7));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /conversations/unread-count']);
    client.clear();
  });
});
