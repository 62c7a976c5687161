import { redirect } from 'react-router';
import { paths } from '@/app/paths';
import { readBearerToken } from '@/lib/session-token';

/**
 * Where the root path sends a visitor, decided in this one place: the dashboard with a stored token
 * (the dashboard's token check and profile fetch then confirm it), /login without one.
 */
export function rootRedirect(): Response {
  return redirect(readBearerToken() ? paths.dashboard.home : paths.login);
}

/**
 * The loader of the dashboard and onboarding branches: no token leads to /login (SPEC §4). It runs
 * when a branch is entered; the token check on every route change covers a session lost later.
 */
export function requireSession(): Response | null {
  return readBearerToken() ? null : redirect(paths.login);
}
