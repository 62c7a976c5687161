import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BlipsPage } from '@/features/blips/blips-page';
import { blipsApi, fakeUpload, SELLER_ID, testBlip, testProduct, videoFile } from '@/features/blips/testing';
import type { ProbeVideo } from '@/features/blips/video-probe';
import { VideoProbeError } from '@/features/blips/video-probe';
import { renderScreen } from '@/test/render-screen';

type Fake = ReturnType<typeof blipsApi>;

const probeOf =
  (durationSeconds: number): ProbeVideo =>
  async () => ({ durationSeconds, poster: new Blob(['jpeg'], { type: 'image/jpeg' }) });

function open(fake: Fake, options: { probe?: ProbeVideo; upload?: ReturnType<typeof fakeUpload> } = {}) {
  return renderScreen(
    '/dashboard/blips',
    '/dashboard/blips',
    <BlipsPage
      sellerId={SELLER_ID}
      api={fake.api}
      probe={options.probe ?? probeOf(12)}
      upload={options.upload?.upload ?? fakeUpload().upload}
    />,
  );
}

const blipListCalls = (fake: Fake) =>
  fake.calls.filter((c) => c.path.endsWith('/blips') && c.method === 'GET');

describe('the blips grid', () => {
  it("shows each blip's poster, length, product, price and counts", async () => {
    const fake = blipsApi({
      blips: [
        testBlip({
          product: { _id: 'p1', name: 'Aso-oke gele', price: 12500.5, image: null },
          durationSeconds: 42,
          viewsCount: 1200,
          likesCount: 1,
          commentsCount: 7,
        }),
        testBlip({ product: { _id: 'p2', name: 'Adire shirt', price: 8000, image: null }, posterUrl: null }),
      ],
    });
    open(fake);

    const card = (await screen.findByText('Aso-oke gele')).closest('a') as HTMLElement;
    expect(within(card).getByText('₦12,500.50')).toBeVisible();
    expect(card.textContent).toContain('0:42');
    expect(within(card).getByText('1200 views')).toBeInTheDocument();
    expect(within(card).getByText('1 like')).toBeInTheDocument();
    expect(within(card).getByText('7 comments')).toBeVisible();
    const poster = card.querySelector('img');
    expect(poster?.getAttribute('loading')).toBe('lazy');
    // No poster: a neutral frame, no broken image.
    const plain = (screen.getByText('Adire shirt').closest('a') as HTMLElement).querySelector('img');
    expect(plain).toBeNull();
    expect(screen.getByText('Showing 2 of 2 blips')).toBeVisible();
    expect(blipListCalls(fake)[0]?.path).toBe(`/products/seller/${SELLER_ID}/blips`);
  });

  it("loads the next page with 'Load more' and stops at the last", async () => {
    const fake = blipsApi({ blips: Array.from({ length: 14 }, () => testBlip()) });
    open(fake);
    await screen.findByText('Showing 12 of 14 blips');
    expect(screen.getAllByRole('link')).toHaveLength(12);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(14));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(blipListCalls(fake).map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('invites the seller to upload a first blip, and the call to action opens the upload', async () => {
    open(blipsApi({ products: [testProduct()] }));
    expect(await screen.findByRole('heading', { name: 'No blips yet' })).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: 'Upload blip' });
    await userEvent.click(buttons[buttons.length - 1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Upload blip' })).toBeVisible();
  });

  it("says 'Failed to fetch blips' and offers to try again", async () => {
    let fail = true;
    const fake = blipsApi(
      { blips: [testBlip({ product: { _id: 'p', name: 'Kente scarf', price: 1, image: null } })] },
      (call) =>
        fail && call.path.endsWith('/blips') ? { status: 400, body: { message: 'Bad request' } } : undefined,
    );
    open(fake);
    expect(await screen.findByText('Failed to fetch blips')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Kente scarf')).toBeVisible();
  });
});

async function openUpload() {
  await screen.findByRole('heading', { name: 'No blips yet' });
  await userEvent.click(screen.getAllByRole('button', { name: 'Upload blip' })[0] as HTMLElement);
  return screen.findByRole('dialog', { name: 'Upload blip' });
}

describe('the upload dialog', () => {
  it('refuses a video over 50 MB before uploading anything', async () => {
    const upload = fakeUpload();
    open(blipsApi({ products: [testProduct()] }), { upload });
    const dialog = await openUpload();
    await userEvent.upload(
      within(dialog).getByLabelText('Video'),
      videoFile('big.mp4', 'video/mp4', 51 * 1024 * 1024),
    );
    expect(
      await within(dialog).findByText(
        'This video is 51.0 MB. Blips can be at most 50 MB — trim it or record a shorter one.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Video').getAttribute('aria-invalid')).toBe('true');
    expect(upload.sent).toHaveLength(0);
  });

  it('refuses a video over 60 seconds, as measured in the browser', async () => {
    open(blipsApi({ products: [testProduct()] }), { probe: probeOf(75) });
    const dialog = await openUpload();
    await userEvent.upload(within(dialog).getByLabelText('Video'), videoFile());
    expect(
      await within(dialog).findByText('This video is 1:15 long. Blips can be at most 60 seconds.'),
    ).toBeVisible();
  });

  it('says so when the browser cannot play the video, or the file is not a video', async () => {
    const probe: ProbeVideo = async () => {
      throw new VideoProbeError('This video cannot be played in this browser. Choose an MP4 or WebM video.');
    };
    open(blipsApi({ products: [testProduct()] }), { probe });
    const dialog = await openUpload();
    const input = within(dialog).getByLabelText('Video');
    await userEvent.upload(input, videoFile());
    expect(
      await within(dialog).findByText(
        'This video cannot be played in this browser. Choose an MP4 or WebM video.',
      ),
    ).toBeVisible();
    // The accept list filters the picker; a file dropped past it is still judged by type.
    await userEvent.upload(input, videoFile('clip.avi', 'video/x-msvideo'), { applyAccept: false });
    expect(await within(dialog).findByText('Choose an MP4, WebM or MOV video.')).toBeVisible();
  });

  it('asks for a product and a video, and counts the caption up to 300', async () => {
    const upload = fakeUpload();
    open(blipsApi({ products: [testProduct()] }), { upload });
    const dialog = await openUpload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload blip' }));
    expect(within(dialog).getByText('Choose the product this blip shows')).toBeVisible();
    expect(within(dialog).getByText('Choose a video')).toBeVisible();

    const caption = within(dialog).getByLabelText('Caption');
    await userEvent.type(caption, 'Fresh stock');
    expect(within(dialog).getByText('11/300')).toBeVisible();
    await userEvent.clear(caption);
    await userEvent.click(caption);
    await userEvent.paste('x'.repeat(301));
    expect(within(dialog).getByText('Caption must be at most 300 characters')).toBeVisible();
    expect(upload.sent).toHaveLength(0);
  });

  it('uploads the video, the captured poster and the caption with progress; the blip shows first', async () => {
    const product = testProduct({ name: 'Ankara wrap dress', price: 15000 });
    const upload = fakeUpload();
    open(blipsApi({ products: [testProduct({ name: 'Kente scarf' }), product] }), { upload });
    const dialog = await openUpload();

    await userEvent.type(within(dialog).getByLabelText('Search products'), 'wrap');
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Ankara wrap dress/ }));
    await userEvent.upload(within(dialog).getByLabelText('Video'), videoFile('dress.mp4'));
    expect(await within(dialog).findByLabelText('Preview of the chosen video')).toBeVisible();
    expect(within(dialog).getByText(/dress\.mp4 · 0:12 · 4\.0 MB/)).toBeVisible();
    expect(within(dialog).getByAltText('Poster frame')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Caption'), 'All sizes in stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload blip' }));

    expect(await screen.findByText('Blip uploaded successfully')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [sent] = upload.sent;
    expect(sent?.path).toBe(`/products/${product._id}/blips`);
    const video = sent?.form.get('video');
    const poster = sent?.form.get('poster');
    expect(video instanceof File && video.name).toBe('dress.mp4');
    expect(poster instanceof Blob && poster.type).toBe('image/jpeg');
    expect(sent?.form.get('caption')).toBe('All sizes in stock');
    const first = screen.getAllByRole('link')[0] as HTMLElement;
    expect(within(first).getByText('Uploaded product')).toBeVisible();
    expect(screen.getByText('Showing 1 of 1 blip')).toBeVisible();
  });

  it("shows the server's reason when it refuses the upload", async () => {
    const upload = fakeUpload({ status: 413, body: { message: 'Video must be at most 50 MB' } });
    const product = testProduct({ name: 'Ankara wrap dress' });
    open(blipsApi({ products: [product] }), { upload });
    const dialog = await openUpload();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Ankara wrap dress/ }));
    await userEvent.upload(within(dialog).getByLabelText('Video'), videoFile());
    await within(dialog).findByLabelText('Preview of the chosen video');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload blip' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Video must be at most 50 MB');
  });

  it('cancels an upload in progress and keeps the form', async () => {
    const upload = fakeUpload('hang');
    open(blipsApi({ products: [testProduct({ name: 'Ankara wrap dress' })] }), { upload });
    const dialog = await openUpload();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Ankara wrap dress/ }));
    await userEvent.upload(within(dialog).getByLabelText('Video'), videoFile());
    await within(dialog).findByLabelText('Preview of the chosen video');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload blip' }));
    const progress = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('Upload cancelled')).toBeVisible();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Preview of the chosen video')).toBeVisible();
    // Nothing was added behind the dialog.
    expect(screen.getByText('No blips yet')).toBeVisible();
  });
});
