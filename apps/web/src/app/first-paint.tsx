import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';
import { paths } from '@/app/paths';
import { Component as LoginScreen } from '@/app/routes/login.route';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { signedOutState } from '@/features/auth/auth-state';
import { createApiClient } from '@/lib/api-client';

/*
 * The log-in screen as static HTML, drawn at build time (vite.config.ts, `firstPaint`) into
 * login.html, which the server sends for /login: a phone paints the screen before any script has
 * arrived (issue 20, docs/performance.md). It is the real screen's markup for a signed-out visitor,
 * rendered once with nothing to do. It is `inert` (nothing in it can be focused or typed into) and
 * the app removes it as it draws its own screen (app/router.tsx).
 */

const nothing = () => Promise.reject(new Error('the first paint is static'));

const staticAuth: AuthContextValue = {
  state: signedOutState,
  api: createApiClient(),
  login: nothing,
  signUp: nothing,
  verifyOtp: nothing,
  resendOtp: nothing,
  requestPasswordReset: nothing,
  cancelPasswordReset: () => undefined,
  resetPassword: nothing,
  dismissResetSuccess: () => undefined,
  profileLoaded: () => undefined,
  sellerBlocked: () => undefined,
  logout: () => Promise.resolve(),
};

/**
 * index.html with the log-in screen painted in, before the app's root, and without index.html's
 * modulepreload links: here the page paints first, with the styles alone on the connection, and the
 * app's code is fetched after (app/boot.ts imports it once the page has painted).
 */
export function loginPage(indexHtml: string): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html must contain <div id="root"></div>');
  return indexHtml
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(root, `<div id="${FIRST_PAINT_ID}" inert>${loginScreen()}</div>${root}`);
}

function loginScreen(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[paths.login]}>
      <AuthContext.Provider value={staticAuth}>
        <LoginScreen />
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}
