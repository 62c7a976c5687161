import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareLinkBox } from '@/ui/share-link-box';

const url = 'https://kasuwa.example/watch/blips/b1';

describe('ShareLinkBox', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("copies the link and says 'Copied' on the button for a moment", async () => {
    render(
      <>
        <Toaster />
        <ShareLinkBox url={url} copyLabel="Copy link to this blip" />
      </>,
    );
    expect((screen.getByLabelText('Share link') as HTMLInputElement).value).toBe(url);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link to this blip' }));
    expect(await screen.findByText('Link copied')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy link to this blip' }).textContent).toContain('Copied');
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('offers the phone’s share sheet only where the browser has one, with the link', async () => {
    const { unmount } = render(
      <ShareLinkBox url={url} copyLabel="Copy" share={{ title: 'Gele', text: 'Watch Gele' }} />,
    );
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    unmount();

    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }));
    render(<ShareLinkBox url={url} copyLabel="Copy" share={{ title: 'Gele', text: 'Watch Gele' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Gele', text: 'Watch Gele', url });
  });

  it('opens the page in a new tab and shows the extra actions', () => {
    render(
      <ShareLinkBox
        url={url}
        copyLabel="Copy"
        open={{ href: '/watch/blips/b1', label: 'Open buyer page' }}
        actions={<button type="button">QR code</button>}
      />,
    );
    const open = screen.getByRole('link', { name: 'Open buyer page' });
    expect(open.getAttribute('href')).toBe('/watch/blips/b1');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'QR code' })).toBeVisible();
  });
});
