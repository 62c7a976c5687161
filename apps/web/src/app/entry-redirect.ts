import { redirect } from 'react-router';
import { paths } from '@/app/paths';

/**
 * Where the root path sends a visitor. It is the single place that decides, so the auth work can
 * check the stored token here (dashboard with a valid token, /login without) without touching routes.
 */
export function rootRedirect(): Response {
  return redirect(paths.dashboard.home);
}
