import { describe, expect, it } from 'vitest';
import { fittingWidth, imageSources, singleImageUrl } from '@/lib/responsive-image';

const photo =
  '/api/media/products/5e11e4a0-0000-4000-8000-000000000001/a1b2c3d4-0000-4000-8000-000000000002.webp';
const base = photo.slice(0, -'.webp'.length);
const thumb = { sizes: '64px', width: 64 };

describe('imageSources', () => {
  it('offers every width in AVIF first, then WebP, with the slot as sizes', () => {
    const s = imageSources(photo, thumb, { dataSaver: false });
    expect(s).toEqual({
      sized: true,
      src: `${base}.w160.webp`,
      srcSet: `${base}.w160.webp 160w, ${base}.w320.webp 320w, ${base}.w640.webp 640w, ${base}.w1080.webp 1080w`,
      sizes: '64px',
      sources: [
        {
          type: 'image/avif',
          srcSet: `${base}.w160.avif 160w, ${base}.w320.avif 320w, ${base}.w640.avif 640w, ${base}.w1080.avif 1080w`,
          sizes: '64px',
        },
      ],
    });
  });

  it('with data-saver, leaves the browser no choice: one file each, the smallest that fills the slot', () => {
    expect(imageSources(photo, thumb, { dataSaver: true })).toEqual({
      sized: true,
      src: `${base}.w160.webp`,
      sources: [{ type: 'image/avif', srcSet: `${base}.w160.avif` }],
    });
    const card = { sizes: '50vw', width: 200 };
    expect(imageSources(photo, card, { dataSaver: true })).toMatchObject({ src: `${base}.w320.webp` });
    const hero = { sizes: '100vw', width: 1400 };
    expect(imageSources(photo, hero, { dataSaver: true })).toMatchObject({ src: `${base}.w1080.webp` });
  });

  it('uses any other image as it is: a photo still on the phone, a preview, a size, a private link', () => {
    for (const url of [
      'local-photo:8d8c7f1e',
      'blob:http://127.0.0.1/8d8c7f1e',
      'https://example.com/a.webp',
      `${base}.w320.webp`,
      '/api/media/returns/x.webp?expires=1&signature=y',
      '/api/media/blips/s/v.webm',
      '/api/media/products/../documents/x.webp',
    ]) {
      expect(imageSources(url, thumb, { dataSaver: false }), url).toEqual({ sized: false, src: url });
      expect(singleImageUrl(url, 400, { dataSaver: false, pixelRatio: 3 }), url).toBe(url);
    }
  });

  it('covers every folder whose images the server keeps in sizes', () => {
    for (const url of [
      '/api/media/blips/s/p.webp',
      '/api/media/streams/s/c.webp',
      '/api/media/avatars/s/a-512.webp',
      '/api/media/banners/s/b-1584.webp',
      '/api/media/categories/fashion.webp',
    ]) {
      expect(imageSources(url, thumb, { dataSaver: true }), url).toMatchObject({ sized: true });
    }
  });
});

describe('one URL for a poster', () => {
  it('is sharp on the screen it is shown on, or just fills the slot with data-saver', () => {
    expect(singleImageUrl(photo, 480, { dataSaver: false, pixelRatio: 3 })).toBe(`${base}.w1080.webp`);
    expect(singleImageUrl(photo, 480, { dataSaver: false, pixelRatio: 1 })).toBe(`${base}.w640.webp`);
    expect(singleImageUrl(photo, 480, { dataSaver: true, pixelRatio: 3 })).toBe(`${base}.w640.webp`);
    expect(singleImageUrl(photo, 300, { dataSaver: true, pixelRatio: 3 })).toBe(`${base}.w320.webp`);
  });

  it('takes the smallest width that covers the pixels, or the widest there is', () => {
    expect([1, 160, 161, 320, 641, 1080, 5000].map(fittingWidth)).toEqual([
      160, 160, 320, 320, 1080, 1080, 1080,
    ]);
  });
});
