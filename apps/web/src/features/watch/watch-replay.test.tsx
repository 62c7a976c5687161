import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/app/paths';
import { WatchReplayPage } from '@/features/watch/watch-replay';
import { fakeApiClient } from '@/test/in-memory-api';
import { testStream } from '@/test/live-fixtures';
import { renderRoutes } from '@/test/render-screen';

const show = testStream({ title: 'Adire night', status: 'ended' });

function open(replay: unknown) {
  const fake = fakeApiClient((call) => {
    if (call.path === `/streams/${show._id}`) return { status: 200, body: { stream: show } };
    if (call.path === `/streams/${show._id}/replay`) return { status: 200, body: replay };
    return { status: 404, body: { message: 'Not found' } };
  });
  const at = paths.watchReplay(show._id);
  renderRoutes(at, [{ path: at, element: <WatchReplayPage streamId={show._id} api={fake.api} /> }]);
  return fake;
}

describe("the buyers' replay page", () => {
  it('plays the replay with its sales, asking for it without a session', async () => {
    const fake = open({
      replay: {
        status: 'ready',
        source: 'browser',
        url: '/api/media/replays/x.webm',
        mimeType: 'video/webm',
        durationSeconds: 600,
      },
      moments: [
        { streamProductId: 'p1', productName: 'Indigo wrapper', image: null, amount: 7500, atSeconds: 300 },
      ],
    });
    expect(await screen.findByLabelText('Replay of Adire night')).toHaveAttribute(
      'src',
      '/api/media/replays/x.webm',
    );
    expect(
      screen.getByRole('button', { name: 'Sold: Indigo wrapper for ₦7,500.00 at 5:00' }).style.left,
    ).toBe('50%');
    expect(fake.calls.every((c) => c.headers.authorization === undefined)).toBe(true);
  });

  it('says there is no replay yet when none is ready', async () => {
    open({ replay: null, moments: [] });
    expect(await screen.findByText('No replay yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the show' })).toHaveAttribute(
      'href',
      paths.watch(show._id),
    );
  });
});
