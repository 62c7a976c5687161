// Images on a phone (issue 20), in Chromium against the real built server:
//   1. the products page's first screen on a 390×844 phone (3× screen): the image bytes it downloads
//      on opening, without scrolling — budget 300 KB — beside, as the same-run baseline, the bytes of
//      the same photos as stored (1600 px originals, what the page loaded before sizes existed);
//   2. the whole products page and a blip's page, data-saver off and on: every byte received
//      (document, scripts, styles, API answers, images, video) and the cut data-saver makes;
//   plus cold (sizes made on the first request) and cached figures, and peak memory.
// The seeded seller gets 24 products with photo-like pictures (textured, 1600×1200, about the bytes
// of a phone photo once stored); the machine has no real photos to use.
import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { startBuiltServer } from './support/built-server';
import { demoLogin } from './support/demo-session';

const FIRST_SCREEN_BUDGET_BYTES = 300 * 1024;
const PRODUCTS = 24;
const PHONE = { width: 390, height: 844 };
const PIXEL_RATIO = 3;

// Nothing makes sizes ahead of the first visit: every size is made on its first request, which is
// the cold path (photos stored before sizes existed, or a job not yet run). The job's own path is
// the server tests'.
process.env.JOBS_WORKER = 'off';

/** Peak resident memory of a process, in MB, from the kernel's high-water mark. */
const peakRssMb = (pid: number | undefined) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A photo-like picture: an object on a backdrop, with grain at several scales, as a phone JPEG. */
async function photoLike(n: number, noise: Buffer[]): Promise<Buffer> {
  const [w, h] = [2000, 1500];
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${(hue + 180) % 360},25%,85%)"/><stop offset="1" stop-color="hsl(${(hue + 200) % 360},20%,62%)"/>
  </linearGradient><radialGradient id="o" cx="0.4" cy="0.35" r="0.7">
    <stop offset="0" stop-color="hsl(${hue},65%,55%)"/><stop offset="1" stop-color="hsl(${hue},70%,18%)"/>
  </radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <ellipse cx="${w * (0.4 + (n % 5) * 0.05)}" cy="${h * 0.55}" rx="${w * 0.24}" ry="${h * 0.36}" fill="url(#o)"/>
  <rect x="${w * 0.12}" y="${h * 0.7}" width="${w * 0.2}" height="${h * 0.22}" rx="30" fill="hsl(${(hue + 90) % 360},50%,40%)"/>
</svg>`;
  return sharp(Buffer.from(svg))
    .composite(noise.map((input) => ({ input, blend: 'soft-light' as const })))
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function grain(): Promise<Buffer[]> {
  const layer = (size: number, sigma: number) =>
    sharp({
      create: {
        width: size,
        height: size,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .greyscale()
      .resize(2000, 1500, { kernel: 'cubic', fit: 'fill' })
      .toColourspace('srgb')
      .png()
      .toBuffer();
  return [await layer(40, 50), await layer(160, 40), await layer(640, 30), await layer(2000, 8)];
}

type Transfer = { url: string; type: string; bytes: number; ms: number };

/** Every response the page receives from now on, with the bytes that came over the wire and how long it took. */
async function recordTransfers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, { url: string; type: string; sentAt: number }>();
  const done: Transfer[] = [];
  cdp.on('Network.requestWillBeSent', (e) =>
    seen.set(e.requestId, { url: e.request.url, type: e.type ?? '', sentAt: e.timestamp }),
  );
  cdp.on('Network.responseReceived', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.type = e.type;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r)
      done.push({
        url: r.url,
        type: r.type,
        bytes: e.encodedDataLength,
        ms: (e.timestamp - r.sentAt) * 1000,
      });
  });
  return {
    transfers: () => [...done],
    bytes: (type?: string) => done.filter((t) => !type || t.type === type).reduce((s, t) => s + t.bytes, 0),
    /** The slowest answer of a type, in ms (0 when there was none). */
    slowest: (type: string) => Math.max(0, ...done.filter((t) => t.type === type).map((t) => t.ms)),
  };
}

// The photos are drawn before the server starts, so drawing them does not slow it down.
const photos: Buffer[] = [];
{
  const noise = await grain();
  for (let n = 0; n < PRODUCTS; n++) photos.push(await photoLike(n, noise));
}
const server = await startBuiltServer();
const { base } = server;
let browser: Browser | undefined;

try {
  const login = await demoLogin(base);
  const auth = { authorization: `Bearer ${login.token}` };
  const sellerId: string = login.user._id;

  // 24 products, one photo each, uploaded as a phone sends them (the server stores ≤1600 px WebP).
  const { categories } = await fetch(`${base}/api/categories`).then((r) => r.json());
  const category = categories[0];
  const originals: string[] = [];
  for (let n = 0; n < PRODUCTS; n++) {
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(photos[n] ?? [])], { type: 'image/jpeg' }),
      `photo-${n}.jpg`,
    );
    const up = await fetch(`${base}/api/products/images`, { method: 'POST', headers: auth, body: form });
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const url: string = (await up.json()).image.url;
    originals.push(url);
    const made = await fetch(`${base}/api/products`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Adire two-piece ${n + 1}`,
        categoryId: category._id,
        subCategoryId: category.subCategories[0]._id,
        price: 18_500 + n * 500,
        stock: 3 + (n % 7),
        images: [url],
      }),
    });
    if (made.status !== 201) throw new Error(`create product: ${made.status} ${await made.text()}`);
  }
  const storedBytes = new Map<string, number>();
  for (const url of originals) {
    storedBytes.set(url, (await (await fetch(`${base}${url}`)).arrayBuffer()).byteLength);
  }
  const averageOriginal = [...storedBytes.values()].reduce((a, b) => a + b, 0) / storedBytes.size;

  // A public blip: the demo seller's (it has a poster).
  const blips = await fetch(`${base}/api/products/seller/${sellerId}/blips`, { headers: auth }).then((r) =>
    r.json(),
  );
  const blipId: string | undefined = blips.blips?.[0]?._id;
  if (!blipId) throw new Error('the demo seller has no blip');

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const phone = async (dataSaver: boolean): Promise<BrowserContext> => {
    const context = await browser!.newContext({
      viewport: PHONE,
      deviceScaleFactor: PIXEL_RATIO,
      isMobile: true,
      hasTouch: true,
      // The service worker's precache (~2 MB of app shell, once per install) is not the page's bytes.
      serviceWorkers: 'block',
    });
    await context.addInitScript(
      ({ answer, saver }) => {
        localStorage.setItem(
          'sellerToken',
          JSON.stringify({ data: answer.user, token: answer.token, isVerified: answer.user.emailVerified }),
        );
        localStorage.setItem('seller', JSON.stringify(answer.user));
        localStorage.setItem('analyticsConsent', 'false');
        localStorage.setItem('dataSaver', JSON.stringify(saver ? 'on' : 'off'));
      },
      { answer: login, saver: dataSaver },
    );
    return context;
  };

  /** Opens the products page and waits until it is still, images loaded; answers what it received. */
  const openProducts = async (page: Page) => {
    const rec = await recordTransfers(page);
    const started = performance.now();
    await page.goto(`${base}/dashboard/products`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: `Delete Adire two-piece ${PRODUCTS}` }).waitFor();
    // Every image of the first screen shown (those further down wait for scrolling: lazy).
    await page.waitForFunction(
      (height) =>
        Array.from(document.images)
          .filter((img) => img.getBoundingClientRect().top < height)
          .every((img) => img.complete && img.naturalWidth > 0),
      PHONE.height,
      { polling: 100 },
    );
    await page.waitForLoadState('networkidle');
    const ms = performance.now() - started;
    // The images in the first screen, by the file each one shows.
    const inView: string[] = await page.evaluate(
      (height) =>
        Array.from(document.images)
          .filter((img) => {
            const r = img.getBoundingClientRect();
            return r.bottom > 0 && r.top < height && r.width > 0;
          })
          .map((img) => img.currentSrc),
      PHONE.height,
    );
    return { rec, ms, inView };
  };

  // 1. The first screen, cold: an empty browser cache and sizes made on request.
  const coldContext = await phone(false);
  const cold = await openProducts(await coldContext.newPage());
  const imageTransfers = cold.rec.transfers().filter((t) => t.type === 'Image');
  const firstScreenBytes = cold.rec.bytes('Image');
  const inViewBytes = imageTransfers
    .filter((t) => cold.inView.includes(t.url))
    .reduce((s, t) => s + t.bytes, 0);
  const shownOriginals = cold.inView.map((src) =>
    new URL(src).pathname.replace(/\.w\d+\.(webp|avif)$/, '.webp'),
  );
  const baselineInView = shownOriginals.reduce((s, url) => s + (storedBytes.get(url) ?? 0), 0);
  const downloadedOriginals = imageTransfers.map((t) =>
    new URL(t.url).pathname.replace(/\.w\d+\.(webp|avif)$/, '.webp'),
  );
  const baselineDownloaded = downloadedOriginals.reduce(
    (s, url) => s + (storedBytes.get(url) ?? averageOriginal),
    0,
  );
  const formats = new Set(
    imageTransfers.map((t) => /\.w(\d+)\.(\w+)$/.exec(t.url)?.slice(1).join(' px ') ?? 'original'),
  );

  // Cached: the same phone opens it again (immutable URLs: nothing asked again); then a fresh
  // phone, with the sizes now stored on the server (warm server, cold browser).
  const again = await openProducts(await coldContext.newPage());
  await coldContext.close();
  const warmContext = await phone(false);
  const warm = await openProducts(await warmContext.newPage());
  await warmContext.close();

  // 2. Data-saver off and on: the products page and a blip's page, each in a fresh phone.
  const totals = async (dataSaver: boolean) => {
    const context = await phone(dataSaver);
    const products = await openProducts(await context.newPage());
    const blipPage = await context.newPage();
    const blipRec = await recordTransfers(blipPage);
    await blipPage.goto(`${base}/watch/blips/${blipId}`, { waitUntil: 'networkidle' });
    await blipPage.getByRole('region', { name: 'Blip' }).waitFor();
    // A playing video keeps fetching; give it time to take what it takes in its first seconds.
    await blipPage.waitForTimeout(4000);
    await blipPage.waitForLoadState('networkidle');
    await context.close();
    return {
      products: products.rec.bytes(),
      productsImages: products.rec.bytes('Image'),
      blip: blipRec.bytes(),
      blipMedia: blipRec.bytes('Media') + blipRec.bytes('Image'),
    };
  };
  // The blip page's own script chunk is shared by both runs: each run is a fresh phone.
  const off = await totals(false);
  const on = await totals(true);
  const cut = (a: number, b: number) => `${(((a - b) / a) * 100).toFixed(0)}% less`;

  const ok = firstScreenBytes <= FIRST_SCREEN_BUDGET_BYTES;
  process.stdout.write(
    `seeded ${PRODUCTS} products with one photo each; stored originals average ${kb(averageOriginal)} (1600×1200 WebP)\n` +
      `products page, phone ${PHONE.width}×${PHONE.height} @${PIXEL_RATIO}x, first screen (no scrolling):\n` +
      `  images downloaded on opening: ${imageTransfers.length} files, ${kb(firstScreenBytes)} (${[...formats].sort().join(', ')})` +
      ` vs ${kb(baselineDownloaded)} for the same photos as stored before sizes existed (ratio ${(firstScreenBytes / baselineDownloaded).toFixed(3)})\n` +
      `  of which in the visible screen: ${cold.inView.length} images, ${kb(inViewBytes)} vs ${kb(baselineInView)} as stored\n` +
      `  -> ${kb(firstScreenBytes)} is ratio ${(firstScreenBytes / FIRST_SCREEN_BUDGET_BYTES).toFixed(2)} of the 300 KB budget ${ok ? 'PASS' : 'FAIL'}\n` +
      `  slowest image answer: cold (sizes made on request) ${cold.rec.slowest('Image').toFixed(0)} ms,` +
      ` warm (sizes stored; empty browser cache) ${warm.rec.slowest('Image').toFixed(0)} ms\n` +
      `  page still with its first screen's images shown: cold ${cold.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms,` +
      ` browser cache ${again.ms.toFixed(0)} ms (images then: ${again.rec.transfers().filter((t) => t.type === 'Image').length} requests, ${kb(again.rec.bytes('Image'))} over the network)\n` +
      `data-saver, every byte received by a fresh phone (document, scripts, styles, API, images, video):\n` +
      `  products page: off ${kb(off.products)} (images ${kb(off.productsImages)}), on ${kb(on.products)} (images ${kb(on.productsImages)})` +
      ` -> ${cut(off.products, on.products)} in all, images ${cut(off.productsImages, on.productsImages)}\n` +
      `  blip page:     off ${kb(off.blip)} (video and poster ${kb(off.blipMedia)}), on ${kb(on.blip)} (video and poster ${kb(on.blipMedia)})` +
      ` -> ${cut(off.blip, on.blip)}\n` +
      `peak RSS: bench ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, server ${peakRssMb(server.process.pid).toFixed(0)} MB` +
      ` (its embedded PostgreSQL and Chromium are separate)\n`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser?.close();
  await server.stop();
}
