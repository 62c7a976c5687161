import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';

/*
 * A link to a path of the app that does not follow the router's location. React Router's <Link>
 * reads the location (to resolve its path), so every one on screen is drawn again at every
 * navigation — a page turn, which only changes the search, redraws each row's link and each of the
 * sidebar's (issue 20, docs/performance.md). AppLink takes an absolute path, so it has nothing to
 * resolve: it is a plain <a> whose plain click is handed to the router's navigate, given once by
 * the app (app/main.tsx). A click with a modifier key, another button or a target keeps the
 * browser's own behaviour (a new tab, a download). Without the app's navigate (a screen rendered
 * alone in a test), it is React Router's <Link>.
 */

type Navigate = (to: string) => unknown;

const AppNavigateContext = createContext<Navigate | null>(null);

export function AppNavigateProvider({ navigate, children }: { navigate: Navigate; children: ReactNode }) {
  return <AppNavigateContext.Provider value={navigate}>{children}</AppNavigateContext.Provider>;
}

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path of the app, such as paths.dashboard.order(id). */
  to: string;
};

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const navigate = useContext(AppNavigateContext);
  if (!navigate) return <Link to={to} onClick={onClick} {...rest} />;
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        if (rest.target && rest.target !== '_self') return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
