import type { ProductImageUploadResponse } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UploadFn } from '@/features/products/products-api';
import { MAX_VARIANT_PHOTOS } from '@/features/products/variant-builder';
import VariantPhotoPicker, { type VariantPhotoPickerProps } from '@/features/products/variant-photo-picker';
import { renderScreen } from '@/test/render-screen';

const url = (name: string) => `/api/media/products/s/${name}.webp`;
const pool = [url('front'), url('back'), url('side')];

function open(props: Partial<VariantPhotoPickerProps> = {}) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  // The screen's frame: the app's query client (uploads are mutations) and its toasts.
  const view = renderScreen(
    '/dashboard/add-products',
    '/dashboard/add-products',
    <VariantPhotoPicker
      label="Red"
      value={[]}
      pool={pool}
      fallback="the product's photos"
      onDone={onDone}
      onClose={onClose}
      {...props}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Photos for Red' });
  return { dialog, onDone, onClose, unmount: view.unmount };
}

/** An upload that reports half its bytes sent, then waits for the test to finish it. */
function slowUpload() {
  const finish: Array<() => void> = [];
  const upload = ((
    _path: string,
    form: FormData,
    options: { onProgress?: (loaded: number, total: number) => void },
  ) => {
    options.onProgress?.(50, 100);
    const file = form.get('image') as File;
    return new Promise<ProductImageUploadResponse>((resolve) => {
      finish.push(() => resolve({ message: 'Uploaded', image: { url: url(file.name) } }));
    });
  }) as UploadFn;
  return { upload, finish };
}

const png = (name: string, bytes = 4) =>
  new File([new Uint8Array(bytes).fill(137)], name, { type: 'image/png' });

describe('the variant photo picker', () => {
  it('is a dialog named for the variant, with the photos already chosen pressed', () => {
    const { dialog } = open({ value: [url('back')] });
    const photos = within(dialog).getAllByRole('button', { name: /^Photo \d+$/ });
    expect(photos.map((p) => p.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(within(dialog).getByRole('status').textContent).toBe('1 of 10 chosen. The first is shown first.');
  });

  it('answers the chosen photos in the order they were tapped', async () => {
    const { dialog, onDone } = open();
    expect(within(dialog).getByRole('status').textContent).toBe(
      "No photos chosen: buyers see the product's photos.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Photo 3' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Photo 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Photo 2' }));
    // Tapping a chosen photo again takes it out.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Photo 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith([url('side'), url('back')]);
  });

  it('clears the variant with Remove all', async () => {
    const { dialog, onDone } = open({ value: [url('front'), url('side')] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove all' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith([]);
  });

  it('closes without changing anything on Escape, Cancel or Close', async () => {
    for (const close of [
      () => userEvent.keyboard('{Escape}'),
      () => userEvent.click(screen.getByRole('button', { name: 'Cancel' })),
      () => userEvent.click(screen.getByRole('button', { name: 'Close' })),
    ]) {
      const { dialog, onDone, onClose, unmount } = open();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Photo 1' }));
      await close();
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(onDone).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('keeps the keyboard inside: focus starts on the first photo and Tab wraps around', async () => {
    const { dialog } = open();
    const first = within(dialog).getByRole('button', { name: 'Photo 1' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    within(dialog).getByRole('button', { name: 'Close' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(first);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('uploads picked files with a progress bar, waits for them, and chooses them for the variant', async () => {
    const { upload, finish } = slowUpload();
    const { dialog, onDone } = open({ upload, value: [url('front')] });
    await userEvent.upload(within(dialog).getByLabelText('Upload photos'), [
      png('red-1.png'),
      png('red-2.png'),
    ]);

    const bars = within(dialog).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['50', '50']);
    const done = within(dialog).getByRole('button', { name: 'Uploading…' });
    expect(done).toHaveProperty('disabled', true);

    for (const resolve of finish) resolve();
    await waitFor(() => expect(within(dialog).queryAllByRole('progressbar')).toHaveLength(0));
    const photos = within(dialog).getAllByRole('button', { name: /^Photo \d+$/ });
    expect(photos.map((p) => p.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
      'false',
      'true',
      'true',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith([url('front'), url('red-1.png'), url('red-2.png')]);
  });

  it('says why an upload failed and can retry it', async () => {
    let attempts = 0;
    const upload = (async (_path: string, form: FormData) => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { message: 'Uploaded', image: { url: url((form.get('image') as File).name) } };
    }) as UploadFn;
    const { dialog, onDone } = open({ upload, pool: [] });
    await userEvent.upload(within(dialog).getByLabelText('Upload photos'), png('blue.png'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The photo could not be uploaded.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry new photo 1' }));
    await within(dialog).findByRole('button', { name: 'Photo 1', pressed: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith([url('blue.png')]);
  });

  it('checks files as the product photos do: photos only, 10 MB each', async () => {
    const send = vi.fn();
    const { dialog } = open({ upload: send as unknown as UploadFn });
    const input = within(dialog).getByLabelText('Upload photos');
    await userEvent.upload(input, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Only photos can be added')).toBeVisible();
    await userEvent.upload(input, png('huge.png', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('Photo too large')).toBeVisible();
    expect(send).not.toHaveBeenCalled();
  });

  it(`holds at most ${MAX_VARIANT_PHOTOS} photos per variant`, async () => {
    const many = Array.from({ length: MAX_VARIANT_PHOTOS + 1 }, (_, i) => url(`p${i}`));
    const send = vi.fn();
    const { dialog } = open({
      pool: many,
      value: many.slice(0, MAX_VARIANT_PHOTOS),
      upload: send as unknown as UploadFn,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: `Photo ${MAX_VARIANT_PHOTOS + 1}` }));
    expect(within(dialog).getByRole('status').textContent).toBe(
      'A variant can have up to 10 photos. Remove one to choose another.',
    );
    await userEvent.upload(within(dialog).getByLabelText('Upload photos'), png('one-more.png'));
    expect(await screen.findByText('A variant can have up to 10 photos')).toBeVisible();
    expect(send).not.toHaveBeenCalled();
  });

  it('says so when the product has no photos yet', () => {
    const { dialog } = open({ pool: [] });
    expect(within(dialog).getByText(/No photos uploaded for this product yet/)).toBeVisible();
  });
});
