import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDataSaver } from '@/lib/data-saver';
import { fixedSlot, MediaImage } from '@/ui/media-image';

const photo = '/api/media/products/s/p.webp';

afterEach(() => localStorage.clear());

describe('MediaImage', () => {
  it('lets the browser choose a width from AVIF and WebP srcsets, and switches to one small file with data-saver', () => {
    const { container } = render(<MediaImage src={photo} shownAt={fixedSlot(64)} className="size-16" />);
    const img = container.querySelector('img');
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/avif');
    expect(source?.getAttribute('srcset')).toContain('/api/media/products/s/p.w320.avif 320w');
    expect(img?.getAttribute('srcset')).toContain('/api/media/products/s/p.w1080.webp 1080w');
    expect(img?.getAttribute('sizes')).toBe('64px');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img).toHaveClass('size-16');

    act(() => setDataSaver(true));
    expect(img?.hasAttribute('srcset')).toBe(false);
    expect(img?.getAttribute('src')).toBe('/api/media/products/s/p.w160.webp');
    expect(container.querySelector('picture > source')?.getAttribute('srcset')).toBe(
      '/api/media/products/s/p.w160.avif',
    );
  });

  it('shows a photo that has no sizes (still on the phone) as a plain image', () => {
    const { container } = render(<MediaImage src="blob:http://x/1" shownAt={fixedSlot(64)} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:http://x/1');
  });
});
