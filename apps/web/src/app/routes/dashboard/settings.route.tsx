import { useAuthContext } from '@/features/auth/auth-context';
import { DeliverySettingsForm } from '@/features/delivery-settings/delivery-settings-form';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { FormSection } from '@/ui/form-parts';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Settings" description="Your store preferences, vacation mode and notifications.">
      <div className="flex max-w-3xl flex-col gap-4">
        <FormSection title="Delivery" description="How buyers get their orders and pay for them.">
          <DeliverySettingsForm api={api} />
        </FormSection>
      </div>
    </DashboardScreen>
  );
}
