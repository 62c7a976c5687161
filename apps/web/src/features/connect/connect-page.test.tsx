import type { ConnectOverview } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConnectPage } from '@/features/connect/connect-page';
import { fakeApiClient } from '@/test/in-memory-api';
import { fakeDownloader } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

const PATH = '/dashboard/kasuwa-connect';
const SELLER = '6f0e3c1a-0000-4000-8000-000000000001';

const overview = (over: Partial<ConnectOverview> = {}): ConnectOverview => ({
  storeName: 'Adaeze "Fabrics"',
  storeLink: `https://kasuwa.ng/api/connect/go/${SELLER}`,
  catalogueFeedUrl: 'https://kasuwa.ng/api/connect/catalogue/first-secret-token-0123456789abcdef.csv',
  catalogueTokenCreatedAt: '2026-11-01T08:00:00.000Z',
  activeProducts: 12,
  badgeImageUrl: `https://kasuwa.ng/api/connect/badge/${SELLER}.svg`,
  badgeLink: `https://kasuwa.ng/api/connect/go/${SELLER}`,
  show: null,
  ...over,
});

function fakeConnect(start: ConnectOverview = overview(), fail = false) {
  let current = start;
  return fakeApiClient((call) => {
    if (fail)
      return { status: 403, body: { message: 'Your account has been disabled. Please contact support.' } };
    if (call.method === 'GET' && call.path === '/connect') return { status: 200, body: current };
    if (call.method === 'POST' && call.path === '/connect/catalogue-token') {
      current = {
        ...current,
        catalogueFeedUrl: 'https://kasuwa.ng/api/connect/catalogue/second-secret-token-0123456789abcdef.csv',
      };
      return {
        status: 200,
        body: {
          message: 'New feed address made. Update it in Commerce Manager: the old one no longer works.',
          catalogueFeedUrl: current.catalogueFeedUrl,
          catalogueTokenCreatedAt: '2026-11-28T08:00:00.000Z',
        },
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

const open = (fake = fakeConnect(), download = fakeDownloader().download) =>
  renderScreen(PATH, PATH, <ConnectPage api={fake.api} download={download} />);

describe('the Kasuwa Connect screen', () => {
  it('shares the store link through real share intents, and copy-link for Instagram and TikTok', async () => {
    open();
    const link = await screen.findByRole('textbox', { name: 'Store link' });
    expect(link).toHaveValue(`https://kasuwa.ng/api/connect/go/${SELLER}`);
    const channels = screen.getByRole('list', { name: 'Share on' });
    const whatsapp = within(channels).getByRole('link', { name: 'WhatsApp' });
    const text = 'Shop Adaeze "Fabrics" live on Kasuwa: watch, ask and buy from your phone.';
    expect(new URL(whatsapp.getAttribute('href') ?? '').searchParams.get('text')).toBe(
      `${text} https://kasuwa.ng/api/connect/go/${SELLER}`,
    );
    const x = new URL(within(channels).getByRole('link', { name: 'X (Twitter)' }).getAttribute('href') ?? '');
    expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet');
    expect(x.searchParams.get('url')).toBe(`https://kasuwa.ng/api/connect/go/${SELLER}`);
    const facebook = new URL(
      within(channels).getByRole('link', { name: 'Facebook' }).getAttribute('href') ?? '',
    );
    expect(facebook.searchParams.get('u')).toBe(`https://kasuwa.ng/api/connect/go/${SELLER}`);
    expect(within(channels).getByRole('button', { name: 'Instagram' })).toBeVisible();
    expect(within(channels).getByRole('button', { name: 'TikTok' })).toBeVisible();
  });

  it('copies the link for Instagram and says where to paste it', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Instagram' }));
    expect(
      await screen.findByText('Paste it in your bio or a story link sticker on Instagram.'),
    ).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(`https://kasuwa.ng/api/connect/go/${SELLER}`);
  });

  it('shows the catalogue feed address and the number of products in it', async () => {
    open();
    expect(await screen.findByRole('textbox', { name: 'Catalogue feed address' })).toHaveValue(
      'https://kasuwa.ng/api/connect/catalogue/first-secret-token-0123456789abcdef.csv',
    );
    expect(screen.getByText(/Your 12 active products, kept up to date/)).toBeVisible();
  });

  it('makes a new feed address only after the seller confirms', async () => {
    const user = userEvent.setup();
    const fake = fakeConnect();
    open(fake);
    await user.click(await screen.findByRole('button', { name: 'Make a new address' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a new feed address?' });
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Catalogue feed address' })).toHaveValue(
        'https://kasuwa.ng/api/connect/catalogue/second-secret-token-0123456789abcdef.csv',
      ),
    );
    expect(
      fake.calls.filter((c) => c.method === 'POST' && c.path === '/connect/catalogue-token'),
    ).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives the badge as script-free HTML, with its picture', async () => {
    open();
    const snippet = (await screen.findByRole('textbox', { name: 'Badge HTML' })) as HTMLTextAreaElement;
    expect(snippet.value).toBe(
      `<a href="https://kasuwa.ng/api/connect/go/${SELLER}" target="_blank" rel="noopener"><img src="https://kasuwa.ng/api/connect/badge/${SELLER}.svg" alt="Watch Adaeze &quot;Fabrics&quot; live on Kasuwa" width="260" height="56"></a>`,
    );
    expect(snippet.value).not.toMatch(/<script/i);
    expect(screen.getByRole('img', { name: 'Live badge of Adaeze "Fabrics"' })).toHaveAttribute(
      'src',
      `https://kasuwa.ng/api/connect/badge/${SELLER}.svg`,
    );
  });

  it('downloads the poster PDF, busy while it comes', async () => {
    const user = userEvent.setup();
    const downloader = fakeDownloader();
    open(fakeConnect(), downloader.download);
    await user.click(await screen.findByRole('button', { name: 'Download poster (PDF)' }));
    expect(downloader.downloads).toEqual([{ path: '/connect/poster.pdf', fileName: 'kasuwa-poster.pdf' }]);
    expect(screen.getByRole('button', { name: 'Preparing…' })).toBeDisabled();
    downloader.finish();
    expect(await screen.findByRole('button', { name: 'Download poster (PDF)' })).toBeEnabled();
  });

  it("says when the show is live, and offers a retry when the channels can't load", async () => {
    const { unmount } = open(
      fakeConnect(
        overview({
          show: { id: 's1', title: 'Ankara Friday', status: 'live', at: '2026-11-28T18:00:00.000Z' },
        }),
      ),
    );
    expect(await screen.findByText('Live now: Ankara Friday')).toBeVisible();
    unmount();
    open(fakeConnect(overview(), true));
    expect(await screen.findByText('We could not load your channels.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
