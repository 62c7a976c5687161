import { createContext, type ReactNode, useContext } from 'react';

/** Who is logged in, as the dashboard header shows it. */
export interface ShellAccount {
  firstName: string;
  lastName: string;
  storeName: string;
  avatarUrl: string | null;
}

export interface ShellAccountValue {
  account: ShellAccount | null;
  /** Absent where no session exists (e.g. a screen rendered alone in a test): no Log Out entry. */
  onLogout?: () => void;
  /**
   * Header icons other features own (the messages and notifications badges): the layout route
   * composes them, so the shell never imports another feature.
   */
  tools?: ReactNode;
  /** A notice across the top of every dashboard screen, e.g. the vacation-mode banner. */
  banner?: ReactNode;
}

const ShellAccountContext = createContext<ShellAccountValue>({ account: null });

/**
 * The dashboard layout route fills this from the auth feature, so the shell shows the seller without
 * importing another feature.
 */
export function ShellAccountProvider({ value, children }: { value: ShellAccountValue; children: ReactNode }) {
  return <ShellAccountContext.Provider value={value}>{children}</ShellAccountContext.Provider>;
}

export function useShellAccount(): ShellAccountValue {
  return useContext(ShellAccountContext);
}

export function initialsOf(account: Pick<ShellAccount, 'firstName' | 'lastName'>): string {
  return `${account.firstName.trim().charAt(0)}${account.lastName.trim().charAt(0)}`.toUpperCase();
}
