import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { DeliverySettingsForm } from '@/features/delivery-settings/delivery-settings-form';
import { SettingsPage } from '@/features/settings/settings-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { VacationToggle } from '@/features/vacation/vacation-mode';

export function Component() {
  const { api } = useAuthContext();
  const { seller, setVacationMode } = useDashboardContext();
  return (
    <DashboardScreen
      title="Settings"
      description="Your store profile, pickup address, delivery, returns, notifications and security."
    >
      <SettingsPage
        api={api}
        delivery={<DeliverySettingsForm api={api} />}
        vacation={
          seller && <VacationToggle isOn={seller.vacationMode} onChanged={setVacationMode} api={api} />
        }
      />
    </DashboardScreen>
  );
}
