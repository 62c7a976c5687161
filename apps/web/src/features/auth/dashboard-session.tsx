import { type Seller, SUPPORT_EMAIL } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAuthContext } from '@/features/auth/auth-context';
import { sameRecord } from '@/features/auth/auth-state';
import { isApiError } from '@/lib/api-client';
import { sellerQueries } from '@/lib/seller-queries';
import { isDirectLoginAccess } from '@/lib/session-token';
import { Button, buttonClasses } from '@/ui/button';
import { LazyDialog, loadDialog } from '@/ui/lazy-dialog';

/** SPEC §9: the Account Disabled dialog appears half a second after the dashboard learns of it. */
export const ACCOUNT_DISABLED_DIALOG_DELAY_MS = 500;
export const ACCOUNT_DISABLED_TITLE = 'Account Disabled';
export const ACCOUNT_DISABLED_MESSAGE = 'Your account has been disabled. Please contact support.';

export interface DashboardSession {
  /** The fetched profile, or the stored record until it arrives. */
  seller: Seller | null;
  disabledDialogOpen: boolean;
}

/**
 * What entering the dashboard does (SPEC §4): fetch the profile; a 401 takes the session-expired
 * path (the API client's handler), a 404 means a blocked seller, and isDisabled opens the Account
 * Disabled dialog after 0.5 s. Skipped entirely for direct-login access.
 */
export function useDashboardSession(): DashboardSession {
  const { state, api, profileLoaded, sellerBlocked } = useAuthContext();
  const sellerId = state.user?._id ?? null;
  const profile = useQuery({
    ...sellerQueries.profile(api, sellerId),
    enabled: sellerId !== null && state.token !== null && !isDirectLoginAccess(),
  });

  useEffect(() => {
    if (profile.data) profileLoaded(profile.data);
  }, [profile.data, profileLoaded]);

  const handledError = useRef<unknown>(null);
  useEffect(() => {
    const error = profile.error;
    if (!isApiError(error) || error.status !== 404 || handledError.current === error) return;
    handledError.current = error;
    sellerBlocked();
  }, [profile.error, sellerBlocked]);

  // Only the server's word opens the dialog: a stored record may predate an admin's "enable".
  const disabled = profile.data?.isDisabled === true;
  const [disabledDialogOpen, setDisabledDialogOpen] = useState(false);
  useEffect(() => {
    if (!disabled) {
      setDisabledDialogOpen(false);
      return;
    }
    // The dialog's code is fetched during the half second, so it opens on time.
    loadDialog().catch(() => undefined);
    const timer = setTimeout(() => setDisabledDialogOpen(true), ACCOUNT_DISABLED_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [disabled]);

  // The fetched record when it says something new; the stored one (the same object as before) when
  // it says the same, so the screens under the layout are not all drawn again when it arrives.
  const seller = profile.data && !sameRecord(profile.data, state.user) ? profile.data : state.user;
  return { seller: seller ?? profile.data ?? null, disabledDialogOpen };
}

export interface AccountDisabledDialogProps {
  open: boolean;
  onLogout: () => void;
}

/** Stops a disabled seller: it cannot be dismissed, only answered by contacting support or logging out. */
export function AccountDisabledDialog({ open, onLogout }: AccountDisabledDialogProps) {
  return (
    <LazyDialog
      open={open}
      dismissible={false}
      title={ACCOUNT_DISABLED_TITLE}
      description={ACCOUNT_DISABLED_MESSAGE}
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={onLogout}>
            Logout
          </Button>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses({ size: 'lg' })}>
            Contact Support
          </a>
        </>
      }
    />
  );
}
