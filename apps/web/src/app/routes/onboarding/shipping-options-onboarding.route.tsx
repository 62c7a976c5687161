import { ShippingOptionsStep } from '@/features/onboarding/steps/shipping-options-step';

export function Component() {
  return <ShippingOptionsStep />;
}
