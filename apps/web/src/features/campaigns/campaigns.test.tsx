import type { Campaign, CampaignsSummary as Summary } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CampaignCreatePage } from '@/features/campaigns/campaign-create-page';
import { CampaignsListPage } from '@/features/campaigns/campaigns-list-page';
import { CampaignsSummary } from '@/features/campaigns/campaigns-summary';
import { type Call, fakeApiClient } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

const SELLER = '5e11e000-0000-4000-8000-000000000001';
const PRODUCT = '5e11e000-0000-4000-8000-000000000002';

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  _id: '5e11e000-0000-4000-8000-000000000010',
  title: 'Adire restock',
  message: 'Fresh scarves are in.',
  imageUrl: null,
  attachment: { kind: 'product', label: 'Adire scarf', id: PRODUCT },
  audience: { kind: 'followers' },
  audienceLabel: 'All followers',
  status: 'sent',
  scheduledAt: '2026-11-27T09:00:00.000Z',
  sentAt: '2026-11-27T09:00:00.000Z',
  createdAt: '2026-11-27T09:00:00.000Z',
  results: { recipients: 40, delivered: 40, opened: 20, clicked: 10, orders: 3, revenue: 25500 },
  ...over,
});

function fake(overrides: (call: Call) => { status: number; body?: unknown } | undefined = () => undefined) {
  return fakeApiClient((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.path === '/campaigns/audience-count') {
      const audience = (call.body as { audience: { kind: string } }).audience;
      return { status: 200, body: { count: audience.kind === 'followers' ? 12 : 3 } };
    }
    if (call.path.startsWith('/products/seller/'))
      return { status: 200, body: { products: [{ _id: PRODUCT, name: 'Adire scarf' }] } };
    if (call.path.startsWith('/streams/seller/')) return { status: 200, body: { streams: [] } };
    if (call.path === '/campaigns' && call.method === 'POST')
      return { status: 201, body: { message: 'Campaign is being sent', campaign: campaign() } };
    if (call.path === '/campaigns')
      return {
        status: 200,
        body: {
          campaigns: [campaign()],
          pagination: { currentPage: 1, totalPages: 1, total: 1, hasMore: false },
        },
      };
    return { status: 404, body: { message: 'Not found' } };
  });
}

const createPath = '/dashboard/marketing/inbox-campaigns/create';

describe('composing an inbox campaign', () => {
  it('counts the recipients live as the audience changes, once the choice settles', async () => {
    const api = fake();
    renderScreen(createPath, createPath, <CampaignCreatePage api={api.api} sellerId={SELLER} />);
    expect(await screen.findByText('12 buyers will get it', {}, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /Buyers in chosen states/ }));
    expect(screen.getByText('Choose who gets it to see how many buyers it reaches.')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lagos' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Kano' }));
    expect(await screen.findByText('3 buyers will get it', {}, { timeout: 5000 })).toBeVisible();
    const counts = api.calls.filter((c) => c.path === '/campaigns/audience-count');
    // Nothing is asked while no state is chosen; the count shown is for both states.
    expect(counts.at(-1)?.body).toEqual({ audience: { kind: 'states', states: ['Lagos', 'Kano'] } });
    expect(
      counts.some(
        (c) => JSON.stringify(c.body) === JSON.stringify({ audience: { kind: 'states', states: [] } }),
      ),
    ).toBe(false);
  });

  it('says what is missing without sending, then sends a valid campaign and goes to the list', async () => {
    const api = fake();
    renderScreen(createPath, createPath, <CampaignCreatePage api={api.api} sellerId={SELLER} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Campaign' }));
    expect(await screen.findByText('Title is required')).toBeVisible();
    expect(screen.getByText('Message is required')).toBeVisible();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/campaigns')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Adire restock');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Fresh scarves are in.');
    expect(screen.queryByText('Message is required')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Attach' }), 'product');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Product' }), 'Adire scarf');
    await userEvent.click(screen.getByRole('button', { name: 'Send Campaign' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/marketing/inbox-campaigns/list'),
    );
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === '/campaigns');
    expect(sent?.body).toEqual({
      title: 'Adire restock',
      message: 'Fresh scarves are in.',
      attachment: { kind: 'product', productId: PRODUCT },
      audience: { kind: 'followers' },
      scheduledAt: null,
    });
  });

  it('uploads an optional image and sends its key with the campaign', async () => {
    const api = fake();
    const uploaded = {
      image: `${SELLER}/5e11e000-0000-4000-8000-000000000099.webp`,
      url: '/api/media/campaigns/x.webp',
    };
    const uploadImage = vi.fn(async () => uploaded);
    renderScreen(
      createPath,
      createPath,
      <CampaignCreatePage api={api.api} sellerId={SELLER} uploadImage={uploadImage} />,
    );
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'drop.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Image (optional)'), file);
    expect(await screen.findByRole('img', { name: 'Chosen for the campaign' })).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'With a photo');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Look');
    await userEvent.click(screen.getByRole('button', { name: 'Send Campaign' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/campaigns')).toBe(true),
    );
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === '/campaigns');
    expect(sent?.body).toMatchObject({ image: uploaded.image });
  });

  it("shows the server's refusal of a fourth campaign today", async () => {
    const api = fake((call) =>
      call.method === 'POST' && call.path === '/campaigns'
        ? {
            status: 429,
            body: { message: 'You can send at most 3 campaigns a day. Schedule this one for another day.' },
          }
        : undefined,
    );
    renderScreen(createPath, createPath, <CampaignCreatePage api={api.api} sellerId={SELLER} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'One more');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Campaign' }));
    expect(
      await screen.findByText('You can send at most 3 campaigns a day. Schedule this one for another day.'),
    ).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent(createPath);
  });
});

describe('the campaigns list and summary', () => {
  it('lists each campaign with its results: opened and clicked as shares of delivered, revenue in naira', async () => {
    const api = fake();
    const path = '/dashboard/marketing/inbox-campaigns/list';
    renderScreen(path, path, <CampaignsListPage api={api.api} />);
    const item = within(await screen.findByRole('list', { name: 'Campaigns' })).getByRole('listitem');
    expect(within(item).getByText('Adire restock')).toBeVisible();
    expect(within(item).getByText('50%')).toBeVisible();
    expect(within(item).getByText('25%')).toBeVisible();
    expect(within(item).getByText('₦25,500.00')).toBeVisible();
  });

  it('summarises sent, scheduled, left today and the last campaign', async () => {
    const summary: Summary = { sent: 4, scheduled: 1, remainingToday: 2, followers: 1234, last: campaign() };
    const api = fakeApiClient(() => ({ status: 200, body: summary }));
    renderScreen('/dashboard/marketing', '/dashboard/marketing', <CampaignsSummary api={api.api} />);
    const card = await screen.findByRole('region', { name: 'Inbox campaigns' });
    expect(await within(card).findByText('1,234')).toBeVisible();
    expect(within(card).getByText('Adire restock')).toBeVisible();
    expect(within(card).getByText('Left today').nextSibling).toHaveTextContent('2');
  });
});
