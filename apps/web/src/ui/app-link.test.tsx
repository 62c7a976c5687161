import { fireEvent, render, screen } from '@testing-library/react';
import { memo, Profiler } from 'react';
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppLink, AppNavigateProvider } from '@/ui/app-link';

/**
 * Clicks the link and tells whether the browser would follow its href itself (the click's default
 * not prevented); the test's document then stops it, since there is no page to load here.
 */
function browserFollows(link: HTMLElement, init?: MouseEventInit) {
  let follows = false;
  const watch = (event: Event) => {
    follows = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', watch);
  fireEvent.click(link, init);
  document.removeEventListener('click', watch);
  return follows;
}

function withNavigate(navigate: (to: string) => unknown) {
  render(
    <AppNavigateProvider navigate={navigate}>
      <AppLink to="/dashboard/order/42" className="row-link">
        KSW-100042
      </AppLink>
    </AppNavigateProvider>,
  );
  return screen.getByRole('link', { name: 'KSW-100042' });
}

describe('AppLink', () => {
  it('is a real link to its path, which a plain click follows inside the app', () => {
    const navigate = vi.fn();
    const link = withNavigate(navigate);
    expect(link).toHaveAttribute('href', '/dashboard/order/42');
    expect(link).toHaveClass('row-link');
    expect(browserFollows(link)).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/dashboard/order/42');
  });

  it('leaves a click with a modifier key or another button to the browser (a new tab, a window)', () => {
    const navigate = vi.fn();
    const link = withNavigate(navigate);
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ]) {
      expect(browserFollows(link, init)).toBe(true);
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a link with a target of its own to the browser, and runs its own click handler first', () => {
    const navigate = vi.fn();
    const onClick = vi.fn();
    render(
      <AppNavigateProvider navigate={navigate}>
        <AppLink to="/dashboard/help" target="_blank" onClick={onClick}>
          Help
        </AppLink>
      </AppNavigateProvider>,
    );
    expect(browserFollows(screen.getByRole('link', { name: 'Help' }))).toBe(true);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is React Router’s link where the app gives no navigate (a screen alone in a test)', () => {
    const router = createMemoryRouter(
      [
        { path: '/dashboard/orders', element: <AppLink to="/dashboard/order/42">KSW-100042</AppLink> },
        { path: '/dashboard/order/42', element: <p>Order KSW-100042</p> },
      ],
      { initialEntries: ['/dashboard/orders'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'KSW-100042' }));
    expect(router.state.location.pathname).toBe('/dashboard/order/42');
    expect(screen.getByText('Order KSW-100042')).toBeInTheDocument();
  });

  it('is not drawn again when the page turns, where React Router’s link is', () => {
    const renders = { app: 0, router: 0 };
    const Rows = memo(function Rows() {
      return (
        <>
          <Profiler id="app" onRender={() => renders.app++}>
            <AppLink to="/dashboard/order/1">KSW-100001</AppLink>
          </Profiler>
          <Profiler id="router" onRender={() => renders.router++}>
            <Link to="/dashboard/order/2">KSW-100002</Link>
          </Profiler>
        </>
      );
    });
    function Orders() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <button
            type="button"
            onClick={() => setParams({ page: String(Number(params.get('page') ?? 1) + 1) })}
          >
            Next
          </button>
          <Rows />
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/dashboard/orders', element: <Orders /> }], {
      initialEntries: ['/dashboard/orders'],
    });
    render(
      <AppNavigateProvider navigate={router.navigate}>
        <RouterProvider router={router} />
      </AppNavigateProvider>,
    );
    const before = { ...renders };
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(renders.router).toBeGreaterThan(before.router);
    expect(renders.app).toBe(before.app);
  });
});
