import { CategoryStep } from '@/features/onboarding/steps/category-step';

export function Component() {
  return <CategoryStep />;
}
