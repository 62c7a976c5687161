import type { ErrorResponse } from '@kasuwa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScheduledShows } from '@/features/live/scheduled-shows';
import { liveApi, SELLER_ID, testStream } from '@/features/live/testing';
import { renderRoutes } from '@/test/render-screen';

const SCHEDULED = '/dashboard/live-streams/scheduled-shows';

function open(fake: ReturnType<typeof liveApi>) {
  return renderRoutes(SCHEDULED, [
    { path: SCHEDULED, element: <ScheduledShows sellerId={SELLER_ID} api={fake.api} /> },
  ]);
}

const where = () => screen.getByTestId('where').textContent;

describe('the scheduled shows page', () => {
  it('lists each show with its time in Lagos, its products and a link to share', async () => {
    const show = testStream({
      title: 'Friday Ankara drop',
      type: 'live_auction',
      scheduledStartTime: '2030-05-01T18:30:00.000Z',
      products: [],
    });
    const fake = liveApi({ streams: [show] });
    open(fake);

    const card = await screen.findByRole('article', { name: 'Friday Ankara drop' });
    expect(within(card).getByText('Live Auction')).toBeVisible();
    expect(within(card).getByText('Wed, 1 May 2030, 19:30 WAT')).toBeVisible();
    expect(within(card).getByText(/0 products/)).toBeVisible();
    expect((within(card).getByLabelText('Share link') as HTMLInputElement).value).toBe(show.watchUrl);

    const whatsApp = within(card).getByRole('link', { name: 'Share on WhatsApp' });
    const href = whatsApp.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    expect(text).toContain('Friday Ankara drop');
    expect(text).toContain(show.watchUrl);

    expect(within(card).queryByTitle('QR code for Friday Ankara drop')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'QR code' }));
    expect(within(card).getByTitle('QR code for Friday Ankara drop')).toBeVisible();

    const asked = fake.calls.find((c) => c.path === `/streams/seller/${SELLER_ID}`);
    expect(asked?.query.getAll('status').sort()).toEqual(['expired', 'live', 'scheduled']);
  });

  it('starts a show, says so and opens its studio', async () => {
    const show = testStream({ title: 'Lace Saturday' });
    const fake = liveApi({ streams: [show] });
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Lace Saturday' }));

    expect(await screen.findByText('Livestream started successfully')).toBeVisible();
    await waitFor(() => expect(where()).toBe(`/dashboard/live-streams/live-stream-studio/${show._id}`));
    expect(fake.calls.some((c) => c.method === 'POST' && c.path === `/streams/${show._id}/start`)).toBe(true);
  });

  it('shows why a start failed, or that something went wrong', async () => {
    const show = testStream({ title: 'Lace Saturday' });
    let answer: { status: number; body: ErrorResponse | Record<string, never> } = {
      status: 409,
      body: { message: 'Another show of yours is live' },
    };
    const fake = liveApi({
      streams: [show],
      override: (call) => (call.path.endsWith('/start') ? answer : undefined),
    });
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Lace Saturday' }));
    expect(await screen.findByText('Error starting livestream')).toBeVisible();
    expect(screen.getByText('Another show of yours is live')).toBeVisible();
    expect(where()).toBe(SCHEDULED);

    answer = { status: 500, body: {} };
    await userEvent.click(screen.getByRole('button', { name: 'Start Lace Saturday' }));
    expect(await screen.findByText('Something went wrong')).toBeVisible();
  });

  it('reschedules an expired show from its dialog', async () => {
    const expired = testStream({
      title: 'Missed show',
      status: 'expired',
      scheduledStartTime: '2026-01-01T10:00:00Z',
    });
    const fake = liveApi({ streams: [expired] });
    open(fake);

    const card = await screen.findByRole('article', { name: 'Missed show' });
    expect(within(card).queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule show' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText('Choose a new date and time')).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('New start date and time'), {
      target: { value: '2020-06-01T09:00' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText('Choose a time in the future')).toBeVisible();

    fireEvent.change(within(dialog).getByLabelText('New start date and time'), {
      target: { value: '2030-06-01T09:00' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));

    expect(await screen.findByText('Stream rescheduled successfully')).toBeVisible();
    const posted = fake.calls.find((c) => c.method === 'POST' && c.path === '/streams/reschedule-expired');
    expect(posted?.body).toEqual({
      streamId: expired._id,
      newScheduledStartTime: new Date('2030-06-01T09:00').toISOString(),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is fetched again: the show is upcoming now, with its share link.
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).getByRole('article', { name: 'Missed show' })).toBeVisible();
  });

  it('keeps the dialog open with the server’s reason when rescheduling fails', async () => {
    const expired = testStream({ title: 'Missed show', status: 'expired' });
    const fake = liveApi({
      streams: [expired],
      override: (call) =>
        call.path === '/streams/reschedule-expired'
          ? {
              status: 400,
              body: {
                message: 'The new time must be at least 5 minutes ahead',
                issues: [{ path: 'newScheduledStartTime', message: 'Must be at least 5 minutes ahead' }],
              } satisfies ErrorResponse,
            }
          : undefined,
    });
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule show' });
    fireEvent.change(within(dialog).getByLabelText('New start date and time'), {
      target: { value: '2030-06-01T09:00' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));

    expect(await screen.findByText('Error rescheduling stream')).toBeVisible();
    expect(screen.getByText('The new time must be at least 5 minutes ahead')).toBeVisible();
    expect(within(dialog).getByText('Must be at least 5 minutes ahead')).toBeVisible();
  });

  it('invites the seller to schedule a show when there is none', async () => {
    open(liveApi());
    expect(await screen.findByText('No scheduled shows')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Schedule a show' }).getAttribute('href')).toBe(
      '/dashboard/live-streams/live-stream',
    );
  });
});
