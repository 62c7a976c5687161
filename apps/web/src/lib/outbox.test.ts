import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createOutbox, localPhotosIn, memoryStore, replacePhotos } from '@/lib/outbox';
import { usePhotoProgress } from '@/lib/photo-progress';

const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
const offline = () => new ApiError({ status: 0, kind: 'network', message: 'We could not reach the server.' });

function setup() {
  return createOutbox({ entries: memoryStore(), photos: memoryStore() });
}

describe('the offline outbox', () => {
  it('sends each photo under its own lasting key, and shows how far it is only while it goes', async () => {
    const outbox = setup();
    const cover = await outbox.savePhoto(photo('cover.png'));
    const entry = await outbox.add({ kind: 'product', sellerId: 's1', title: 'Kente', payload: [cover] });
    const bar = renderHook(() => usePhotoProgress(entry.id));
    expect(bar.result.current).toBeNull();

    const keys: string[] = [];
    let halfway = () => {};
    const reachedHalf = new Promise<void>((resolve) => {
      halfway = resolve;
    });
    let finish = () => {};
    const flushed = outbox.flush('s1', {
      product: async (_entry, tools) => {
        await tools.resolvePhoto(cover, async (_file, progress) => {
          keys.push(progress.key);
          progress.onProgress(0.5);
          halfway();
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
          return '/api/media/products/s1/p1.webp';
        });
      },
    });
    await reachedHalf;
    await waitFor(() => expect(bar.result.current).toBe(0.5));
    finish();
    await flushed;
    await waitFor(() => expect(bar.result.current).toBeNull());
    // The local photo's URL: a reload sends the same photo under the same key, so it resumes.
    expect(keys).toEqual([cover]);
  });

  it('keeps a product with its photo until the server has it, then forgets both', async () => {
    const outbox = setup();
    const cover = await outbox.savePhoto(photo('cover.png'));
    await outbox.add({
      kind: 'product',
      sellerId: 's1',
      title: 'Adire scarf',
      payload: { body: { images: [cover] } },
    });

    const uploads: string[] = [];
    const sent: unknown[] = [];
    const report = await outbox.flush('s1', {
      product: async (entry, tools) => {
        const payload = entry.payload as { body: { images: string[] } };
        const urls = new Map<string, string | null>();
        for (const local of localPhotosIn(payload.body)) {
          urls.set(
            local,
            await tools.resolvePhoto(local, async (file) => {
              uploads.push(file.name);
              return '/api/media/products/s1/p1.webp';
            }),
          );
        }
        sent.push(replacePhotos(payload.body, urls));
      },
    });

    expect(report.sent.map((e) => e.title)).toEqual(['Adire scarf']);
    expect(uploads).toEqual(['cover.png']);
    expect(sent).toEqual([{ images: ['/api/media/products/s1/p1.webp'] }]);
    expect(await outbox.list()).toEqual([]);
    expect(await outbox.readPhoto(cover)).toBeNull();
  });

  it('keeps everything when the connection drops, and re-sends only the photos not yet up', async () => {
    const outbox = setup();
    const first = await outbox.savePhoto(photo('first.png'));
    const second = await outbox.savePhoto(photo('second.png'));
    await outbox.add({
      kind: 'product',
      sellerId: 's1',
      title: 'Two photos',
      payload: { images: [first, second] },
    });

    const uploads: string[] = [];
    let connected = false;
    const sender = async (
      entry: { payload: unknown },
      tools: Parameters<Parameters<typeof outbox.flush>[1]['product'] & object>[1],
    ) => {
      for (const local of localPhotosIn(entry.payload)) {
        await tools.resolvePhoto(local, async (file) => {
          if (file.name === 'second.png' && !connected) throw offline();
          uploads.push(file.name);
          return `/api/media/${file.name}`;
        });
      }
    };

    const dropped = await outbox.flush('s1', { product: sender });
    expect(dropped.interrupted).toBe(true);
    const [waiting] = await outbox.list();
    expect(waiting?.status).toBe('waiting');
    expect(waiting?.uploaded).toEqual({ [first]: '/api/media/first.png' });

    connected = true;
    const back = await outbox.flush('s1', { product: sender });
    expect(back.sent).toHaveLength(1);
    expect(uploads).toEqual(['first.png', 'second.png']);
  });

  it('never drops what the server refused: it stays, marked failed with the reason', async () => {
    const outbox = setup();
    await outbox.add({ kind: 'live-show', sellerId: 's1', title: 'Friday show', payload: {} });
    const report = await outbox.flush('s1', {
      'live-show': async () => {
        throw new ApiError({ status: 400, kind: 'http', message: 'Start time must be in the future' });
      },
    });
    expect(report.failed).toHaveLength(1);
    const [entry] = await outbox.list();
    expect(entry).toMatchObject({ status: 'failed', error: 'Start time must be in the future' });

    // Not sent again on its own; Try again puts it back in line.
    let calls = 0;
    await outbox.flush('s1', { 'live-show': async () => void calls++ });
    expect(calls).toBe(0);
    await outbox.retry(entry?.id ?? '');
    await outbox.flush('s1', { 'live-show': async () => void calls++ });
    expect(calls).toBe(1);
    expect(await outbox.list()).toEqual([]);
  });

  it("sends only the signed-in seller's entries, and picks up one a closed tab left half-sent", async () => {
    const outbox = setup();
    const mine = await outbox.add({ kind: 'product', sellerId: 's1', title: 'Mine', payload: {} });
    await outbox.add({ kind: 'product', sellerId: 's2', title: 'Theirs', payload: {} });
    // A tab closed mid-send.
    void outbox.flush('s1', { product: () => new Promise(() => {}) });
    await expect
      .poll(async () => (await outbox.list()).find((e) => e.id === mine.id)?.status)
      .toBe('sending');
    await outbox.recover();

    const sent: string[] = [];
    await outbox.flush('s1', { product: async (entry) => void sent.push(entry.title) });
    expect(sent).toEqual(['Mine']);
    expect((await outbox.list()).map((e) => e.title)).toEqual(['Theirs']);
  });
});

describe('replacePhotos', () => {
  it('puts server URLs in place of local ones everywhere, and leaves out a photo the phone lost', () => {
    const body = {
      images: ['local-photo:a', '/api/media/x.webp', 'local-photo:b'],
      variants: [{ images: ['local-photo:a'] }],
    };
    const urls = new Map([
      ['local-photo:a', '/api/media/a.webp'],
      ['local-photo:b', null],
    ]);
    expect(replacePhotos(body, urls)).toEqual({
      images: ['/api/media/a.webp', '/api/media/x.webp'],
      variants: [{ images: ['/api/media/a.webp'] }],
    });
  });
});
