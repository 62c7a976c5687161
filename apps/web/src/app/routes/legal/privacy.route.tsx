import { LegalPage } from '@/features/legal/legal-page';

export function Component() {
  return <LegalPage document="privacy" />;
}
