import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { CloseAccount } from '@/features/settings/close-account';
import { DataSaverSection } from '@/features/settings/data-saver-section';
import { NotificationPreferencesForm } from '@/features/settings/notification-preferences-section';
import { PickupAddressForm } from '@/features/settings/pickup-address-section';
import { ReturnsPolicyForm } from '@/features/settings/returns-policy-section';
import { SecurityForm } from '@/features/settings/security-section';
import { settingsQuery } from '@/features/settings/settings-api';
import { StoreProfileForm } from '@/features/settings/store-profile-section';
import { YourDataSection } from '@/features/settings/your-data-section';
import type { ApiClient } from '@/lib/api-client';
import { FormSection } from '@/ui/form-parts';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';

/** The sections, in page order; each id is the fragment of a link to it (/dashboard/settings#…). */
export const SETTINGS_SECTIONS = [
  { id: 'store-profile', label: 'Store profile' },
  { id: 'pickup-address', label: 'Pickup address' },
  { id: 'delivery', label: 'Delivery' },
  { id: 'returns', label: 'Returns' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'security', label: 'Security' },
  { id: 'data-saver', label: 'Data saver' },
  { id: 'your-data', label: 'Your data' },
] as const;
export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

function Anchored({ id, children }: { id: SettingsSectionId; children: ReactNode }) {
  return (
    <div id={id} className="scroll-mt-32 lg:scroll-mt-6">
      {children}
    </div>
  );
}

function SectionNav() {
  return (
    <nav
      aria-label="Settings sections"
      className="-mx-4 sticky top-0 z-10 bg-canvas/95 px-4 py-2 backdrop-blur lg:top-6 lg:mx-0 lg:self-start lg:bg-transparent lg:p-0"
    >
      <ul className="flex gap-2 overflow-x-auto lg:flex-col lg:gap-1">
        {SETTINGS_SECTIONS.map((s) => (
          <li key={s.id} className="shrink-0">
            <a
              href={`#${s.id}`}
              className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full border border-line bg-surface px-4 font-medium text-ink text-sm hover:border-brand-600 lg:w-full lg:rounded-control lg:border-transparent lg:bg-transparent lg:px-3 lg:hover:bg-surface"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The Settings screen. Delivery and vacation mode belong to other features: the route hands them
 * in, so this feature never imports them.
 */
export function SettingsPage({
  api,
  delivery,
  vacation,
}: {
  api: ApiClient;
  delivery: ReactNode;
  vacation: ReactNode;
}) {
  const query = useQuery(settingsQuery(api));
  const { hash } = useLocation();
  const loaded = query.isSuccess;

  // The guard's "Register your pickup address" links here with #pickup-address: scroll to it once
  // the sections exist.
  useEffect(() => {
    if (!loaded || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  return (
    <div className="flex flex-col gap-4 lg:mt-2 lg:grid lg:grid-cols-[11rem_minmax(0,48rem)] lg:gap-8">
      <SectionNav />
      <div className="flex min-w-0 flex-col gap-4">
        {query.isPending && <ListSkeleton label="Loading your settings" rows={4} />}
        {query.isError && <LoadFailed what="your settings" onRetry={() => void query.refetch()} />}
        {query.data && (
          <>
            <Anchored id="store-profile">
              <FormSection title="Store profile" description="How buyers see your store.">
                <StoreProfileForm api={api} profile={query.data.store} />
              </FormSection>
            </Anchored>
            <Anchored id="pickup-address">
              <FormSection
                title={
                  query.data.pickupAddress.accountType === 'business' ? 'Business address' : 'Pickup address'
                }
                description="Where couriers collect your orders."
              >
                <PickupAddressForm api={api} current={query.data.pickupAddress} />
              </FormSection>
            </Anchored>
            <Anchored id="delivery">
              <FormSection
                title="Delivery"
                description="Shipping, delivery fees per state, pay on delivery and stock alerts."
              >
                {delivery}
              </FormSection>
            </Anchored>
            <Anchored id="returns">
              <FormSection title="Returns policy" description="How long buyers have to ask for a return.">
                <ReturnsPolicyForm api={api} current={query.data.returnsPolicy} />
              </FormSection>
            </Anchored>
            <Anchored id="notifications">
              <FormSection title="Notifications" description="What we tell you about, and where.">
                <NotificationPreferencesForm api={api} current={query.data.notificationPreferences} />
              </FormSection>
            </Anchored>
            <Anchored id="security">
              <FormSection title="Security" description="Your password, your devices and vacation mode.">
                <SecurityForm api={api} />
                <div className="border-line border-t pt-4">{vacation}</div>
              </FormSection>
            </Anchored>
            <Anchored id="data-saver">
              <FormSection title="Data saver" description="For a phone on a small data plan.">
                <DataSaverSection />
              </FormSection>
            </Anchored>
            <Anchored id="your-data">
              <FormSection
                title="Your data"
                description="Your right to a copy of your data (Nigeria Data Protection Act 2023)."
              >
                <YourDataSection api={api} />
                <CloseAccount api={api} storeName={query.data.store.storeName} closure={query.data.closure} />
              </FormSection>
            </Anchored>
          </>
        )}
      </div>
    </div>
  );
}
