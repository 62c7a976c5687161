import { devices, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { scheduleAuction } from './support/live';
import { sellerWithPickupAddress } from './support/sellers';

// A seller with the studio of a live show open in two windows: only one sends the camera. The
// newest window takes the show, the other says so, frees its camera and offers to take it back;
// a viewer gets the video of the one publishing window throughout.
//
// Once per run (desktop: two studio windows side by side is a desktop habit).

/**
 * The viewer's video is receiving frames now: decoded frames go up within half a second (tried
 * again while they do not, e.g. across a switch of publisher, which restarts the counter).
 */
async function receivesFrames(viewer: Page, title: string) {
  const video = viewer.getByLabel(`Live video: ${title}`);
  const sample = () =>
    video.evaluate((v: HTMLVideoElement) => ({
      width: v.videoWidth,
      frames: v.getVideoPlaybackQuality().totalVideoFrames,
    }));
  await expect
    .poll(
      async () => {
        const before = await sample();
        await viewer.waitForTimeout(500);
        const after = await sample();
        return after.width > 0 && after.frames > before.frames;
      },
      { timeout: 25_000, message: 'video frames arriving' },
    )
    .toBe(true);
}

test('two studio windows of one show: one publishes, the viewer gets its video @desktop-only', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await sellerWithPickupAddress(page, request, 'onewindow');
  const show = await scheduleAuction(request, seller.headers, {
    title: 'Two-window Ankara show',
    product: 'Ankara bundle',
  });
  const studioPath = `/dashboard/live-streams/live-stream-studio/${show._id}`;

  // The first window goes live.
  await page.goto(studioPath);
  const goLive = page.getByRole('button', { name: 'Go Live' });
  await expect(goLive).toBeEnabled({ timeout: 15_000 });
  await goLive.click();
  await expect(page.getByText('LIVE', { exact: true })).toBeVisible();

  // A viewer watches it.
  const viewerContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL });
  const viewer = await viewerContext.newPage();
  await viewer.goto(`/watch/${show._id}`);
  await receivesFrames(viewer, show.title);

  // The seller opens the same studio in a second window: it takes the show over.
  const second = await page.context().newPage();
  await second.goto(studioPath);
  await expect(second.getByRole('button', { name: 'End Show' })).toBeVisible({ timeout: 15_000 });
  const lost = page.getByRole('alert').filter({ hasText: 'This show is open in another window' });
  await expect(lost).toBeVisible({ timeout: 15_000 });
  await expect(second.getByText('This show is open in another window')).toHaveCount(0);
  // The first window let go of its camera.
  await expect
    .poll(() => page.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.srcObject === null))
    .toBe(true);
  await expectNoSeriousA11yViolations(page, 'the studio open in another window');

  // The viewer still gets frames, now from the second window (the first sends nothing).
  await receivesFrames(viewer, show.title);

  // "Use this window" takes the show back to the first window; the second says so in turn.
  await lost.getByRole('button', { name: 'Use this window' }).click();
  await expect(lost).toBeHidden();
  await expect(
    second.getByRole('alert').filter({ hasText: 'This show is open in another window' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => second.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.srcObject === null))
    .toBe(true);
  await receivesFrames(viewer, show.title);
  await viewerContext.close();
});
