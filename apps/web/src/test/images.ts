import { parseSizedImagePath } from '@kasuwa/contracts';

/**
 * The stored image an `<img>` shows, whichever of its sizes (issue 20) the screen asked for: a
 * test names the photo it expects, not the width a slot happens to pick.
 */
export function shownImage(img: Element | null | undefined): string | null {
  const src = img?.getAttribute('src') ?? null;
  return src === null ? null : (parseSizedImagePath(src)?.original ?? src);
}
