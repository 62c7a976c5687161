import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PREVIEW_HIDDEN_KEY } from '@/features/live/studio/preview-tools';
import { liveStream, renderStudio } from '@/features/live/studio/studio-testing';
import { setDataSaver } from '@/lib/data-saver';
import { STREAM_ID } from '@/test/live-fixtures';

/* The studio on a data plan (docs/phone.md): the lighter camera, the data used, the hidden preview. */

/** A show already live: the studio rejoins it and publishes by itself. */
function liveStudio(options: Parameters<typeof renderStudio>[0] = {}) {
  const stream = liveStream();
  const view = renderStudio({
    stream,
    handlers: { [`POST /streams/${STREAM_ID}/join-seller`]: { body: { message: 'ok', data: { stream } } } },
    ...options,
  });
  view.connect();
  return view;
}

describe('Studio: data-saver', () => {
  it('captures and publishes 480×270 at 15 fps with data-saver on, and says so', async () => {
    setDataSaver(true);
    const { media, publish } = liveStudio();
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(media.requests[0]?.video).toMatchObject({ width: { ideal: 480 }, height: { ideal: 270 } });
    expect(publish.mock.calls[0]?.[2].profile).toMatchObject({ width: 480, height: 270, frameRate: 15 });
    expect(screen.getByText('Data saver: sending 270p at 15 fps')).toBeVisible();
  });

  it('captures 720p at 30 fps without it', async () => {
    const { media, publish } = liveStudio();
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(media.requests[0]?.video).toMatchObject({ width: { ideal: 1280 }, height: { ideal: 720 } });
    expect(screen.queryByText(/Data saver: sending/)).toBeNull();
  });

  it('shows the data the show has used once the video is being sent', async () => {
    liveStudio({ bytesUsed: () => 12_345_678 });
    expect(await screen.findByText('Data used this show: 12.3 MB')).toBeVisible();
  });

  it("hides the seller's preview (the video stops drawing the camera) and remembers it on the phone", async () => {
    const user = userEvent.setup();
    const first = liveStudio();
    const video = (await screen.findByLabelText('Camera preview')) as HTMLVideoElement;
    await waitFor(() => expect(video.srcObject).not.toBeNull());

    await user.click(screen.getByRole('button', { name: 'Hide my preview' }));
    expect(video.srcObject).toBeNull();
    expect(screen.getByText('Your preview is hidden')).toBeVisible();
    expect(screen.getByText('Viewers still see your camera.')).toBeVisible();
    expect(localStorage.getItem(PREVIEW_HIDDEN_KEY)).toBe('true');

    // The next visit to the studio starts with it hidden; Show my preview brings it back.
    first.unmount();
    liveStudio();
    await user.click(await screen.findByRole('button', { name: 'Show my preview' }));
    const again = screen.getByLabelText('Camera preview') as HTMLVideoElement;
    await waitFor(() => expect(again.srcObject).not.toBeNull());
    expect(screen.queryByText('Your preview is hidden')).toBeNull();
  });
});
