import type { Seller } from '@kasuwa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Outlet, useMatch } from 'react-router';
import { paths } from '@/app/paths';
import type { DashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { AccountDisabledDialog, useDashboardSession } from '@/features/auth/dashboard-session';
import { useProtectedPathGuard } from '@/features/auth/feature-guard';
import { ConsentAndAnalytics } from '@/features/consent/consent';
import { MessagesBadgeLink } from '@/features/conversations/messages-badge-link';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { useLiveNotifications } from '@/features/notifications/notifications-data';
import { OfflineBanner } from '@/features/offline/offline-banner';
import { OutboxRunner } from '@/features/offline/outbox-runner';
import { DashboardShell } from '@/features/shell/dashboard-shell';
import { ShellAccountProvider } from '@/features/shell/shell-account';
import { VacationBanner } from '@/features/vacation/vacation-mode';
import { afterFirstScreen } from '@/lib/after-first-screen';
import { chatVisitorFor, startChatWidget } from '@/lib/chat-widget';
import { sellerKeys } from '@/lib/seller-queries';
import { SocketConnectorContext } from '@/lib/socket';
import { useAfterFirstCommit } from '@/ui/deferred-mount';

/**
 * Wraps every dashboard screen: fetches the seller's profile on entry (blocked and disabled sellers
 * are stopped here), applies the route guard of SPEC section 5, keeps the notifications socket
 * open from the moment the first screen is drawn, and composes the shell from the features it needs.
 */
export function Component() {
  const { seller, disabledDialogOpen } = useDashboardSession();
  const { api, logout, profileLoaded } = useAuthContext();
  const queryClient = useQueryClient();
  const sellerId = seller?._id ?? null;
  const studio = useMatch(`${paths.dashboard.liveStreams.root}/live-stream-studio/*`) !== null;

  // The notifications socket (and socket.io's code), the offline outbox's first look into IndexedDB
  // and the chat widget's visitor wait until the first screen is drawn: none of it is on show, and
  // on a phone each was part of the first commit's effects, one long task (issue 20).
  const [firstScreenDrawn, setFirstScreenDrawn] = useState(false);
  useEffect(() => {
    let current = true;
    void afterFirstScreen(queryClient).then(() => current && setFirstScreenDrawn(true));
    return () => {
      current = false;
    };
  }, [queryClient]);
  const live = useLiveNotifications(firstScreenDrawn ? sellerId : null, useContext(SocketConnectorContext));
  // The header's message and notification counts are read from the commit after the first: their
  // queries' subscriptions, fetches and timers were a third of the first commit's effects, one task.
  const countsFor = useAfterFirstCommit() ? sellerId : null;
  const refused = useProtectedPathGuard(seller);

  const visitorName = seller ? `${seller.firstName} ${seller.lastName}` : null;
  const visitorEmail = seller?.email ?? null;
  useEffect(() => {
    if (firstScreenDrawn && visitorName !== null && visitorEmail !== null) {
      startChatWidget(chatVisitorFor({ firstName: visitorName, lastName: '', email: visitorEmail }));
    }
  }, [firstScreenDrawn, visitorName, visitorEmail]);
  const identity = useMemo(
    () =>
      seller
        ? {
            id: seller._id,
            email: seller.email,
            name: `${seller.firstName} ${seller.lastName}`,
            storeName: seller.storeName,
          }
        : null,
    [seller],
  );

  const onLogout = useCallback(() => {
    void logout();
  }, [logout]);

  const setVacationMode = useCallback(
    (isOn: boolean) => {
      const current = queryClient.getQueryData<Seller>(sellerKeys.profile(sellerId)) ?? seller;
      if (!current) return;
      const next = { ...current, vacationMode: isOn };
      queryClient.setQueryData(sellerKeys.profile(sellerId), next);
      profileLoaded(next);
    },
    [queryClient, sellerId, seller, profileLoaded],
  );

  // What the seller saved offline is sent from here, whichever screen is open (docs/phone.md).
  const loadOutboxSenders = useCallback(
    () => import('@/app/routes/dashboard/outbox-senders').then((m) => m.outboxSenders(api, queryClient)),
    [api, queryClient],
  );

  const context = useMemo<DashboardContext>(() => ({ seller, setVacationMode }), [seller, setVacationMode]);

  // The header and the sidebar read this: the same object while what they show stays the same, so a
  // render of the layout for something else (the first screen drawn, the live socket's state) does
  // not draw them again (issue 20, docs/performance.md).
  const avatarUrl = seller?.storeAvatar?.url ?? null;
  const shellAccount = useMemo(
    () => ({
      account: seller
        ? { firstName: seller.firstName, lastName: seller.lastName, storeName: seller.storeName, avatarUrl }
        : null,
      onLogout,
      tools: (
        <>
          <MessagesBadgeLink sellerId={countsFor} api={api} />
          <NotificationBell sellerId={countsFor} live={live} api={api} />
        </>
      ),
      banner: (
        <>
          {seller?.vacationMode ? <VacationBanner /> : null}
          <OfflineBanner />
        </>
      ),
    }),
    [seller, avatarUrl, onLogout, countsFor, api, live],
  );
  const screen = useMemo(() => !refused && <Outlet context={context} />, [refused, context]);

  return (
    <ShellAccountProvider value={shellAccount}>
      <DashboardShell fullscreen={studio}>{screen}</DashboardShell>
      <AccountDisabledDialog open={disabledDialogOpen} onLogout={onLogout} />
      <ConsentAndAnalytics identity={identity} />
      <OutboxRunner sellerId={firstScreenDrawn ? sellerId : null} loadSenders={loadOutboxSenders} />
    </ShellAccountProvider>
  );
}
