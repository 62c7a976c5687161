import type { Seller } from '@kasuwa/contracts';
import { useOutletContext } from 'react-router';

/** What the dashboard layout hands every screen under it. */
export interface DashboardContext {
  /** The fetched profile, or the stored record until it arrives. */
  seller: Seller | null;
  /** Records the vacation-mode state the server answered, so the banner and toggle follow it. */
  setVacationMode: (isOn: boolean) => void;
}

export function useDashboardContext(): DashboardContext {
  return useOutletContext<DashboardContext>();
}
