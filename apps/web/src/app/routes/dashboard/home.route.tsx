import { useSearchParams } from 'react-router';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { hasPickupAddress, PICKUP_ADDRESS_QUERY } from '@/features/auth/feature-guard';
import { FollowersCard } from '@/features/followers/followers-card';
import {
  AccountStatus,
  Card,
  Greeting,
  PickupAddressPrompt,
  QuickActions,
  TopSoldProducts,
  WalletCard,
} from '@/features/home/home-overview';
import { OrdersOverview } from '@/features/home/orders-overview';
import { UpcomingShows } from '@/features/live/upcoming-shows';
import { RecentNotifications } from '@/features/notifications/notification-bell';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { VacationToggle } from '@/features/vacation/vacation-mode';
import { DeferredMount } from '@/ui/deferred-mount';

export function Component() {
  const { seller, setVacationMode } = useDashboardContext();
  const { api } = useAuthContext();
  const [search] = useSearchParams();
  const addressMissing = seller ? !hasPickupAddress(seller) : false;
  const showAddressPrompt = seller !== null && addressMissing && search.get(PICKUP_ADDRESS_QUERY) === 'true';

  return (
    <DashboardScreen title="Dashboard">
      {seller && (
        <div className="flex flex-col gap-4">
          {showAddressPrompt && <PickupAddressPrompt seller={seller} />}
          <div className="flex flex-col justify-between gap-3 sm:flex-row sm:items-end">
            <Greeting seller={seller} />
            <QuickActions />
          </div>
          <OrdersOverview api={api} />
          {/* Below a phone's first screen: mounted a transition after the first commit. */}
          <DeferredMount>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <AccountStatus seller={seller} hasPickupAddress={!addressMissing} />
              <div className="flex flex-col gap-4">
                <WalletCard seller={seller} />
                <FollowersCard api={api} />
                <Card title="Store">
                  <VacationToggle isOn={seller.vacationMode} onChanged={setVacationMode} api={api} />
                </Card>
              </div>
              <TopSoldProducts sellerId={seller._id} api={api} />
              <UpcomingShows
                sellerId={seller._id}
                api={api}
                className=""
                emptyText="No shows scheduled. Start an Open Live Show or an auction to sell to buyers in real time."
              />
            </div>
            <Card title="Recent notifications">
              <RecentNotifications sellerId={seller._id} api={api} />
            </Card>
          </DeferredMount>
        </div>
      )}
    </DashboardScreen>
  );
}
