import { CreateProfileStep } from '@/features/onboarding/steps/create-profile-step';

export function Component() {
  return <CreateProfileStep />;
}
