import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 20: the app opens with no connection after a first visit, and a product saved offline,
// photo included, waits on the phone (through a reload) and goes up when the connection returns.

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();

/** Waits until the service worker is installed and this page is one it controls. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The row's product photo is served from the media route and has been drawn. */
async function expectPhotoShown(row: Locator) {
  const img = row.locator('img').first();
  await expect(img).toHaveAttribute('src', /\/api\/media\/products\//);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
}

/** A first visit online: the worker installs, and the add-product form's categories are seen once. */
async function addProductSeenOnline(page: Page) {
  await page.goto('/dashboard/products');
  await expect(page.getByText('No products yet')).toBeVisible({ timeout: 30_000 });
  await underServiceWorker(page);
  await page.goto('/dashboard/add-products');
  await expect(
    page.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Fashion' }),
  ).toBeAttached();
}

test('the app shell and the last-seen dashboard open with no connection, marked offline with the time', async ({
  page,
  context,
  request,
}) => {
  await sellerWithPickupAddress(page, request, 'offline-shell');
  await page.goto('/dashboard/home');
  // The first visit downloads the app while the worker fetches its precache: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await underServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Offline/)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /Offline — showing data from \d{1,2}:\d{2}/ }),
  ).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Offline — showing/)).toHaveCount(0);
});

test('a product with a photo saved offline waits on the phone through a reload, then uploads when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await sellerWithPickupAddress(page, request, 'offline-draft');
  const name = `Adire scarf ${Date.now().toString(36)}`;

  await addProductSeenOnline(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Product');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fashion' });
  await page.getByLabel('Sub-category').selectOption({ index: 1 });
  await page.getByLabel('Price', { exact: true }).fill('4500');
  await page
    .getByLabel('Choose photos')
    .setInputFiles([{ name: 'scarf.png', mimeType: 'image/png', buffer: await photo() }]);
  await expect(page.locator('figure').getByText('Waiting to upload')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();

  await expect(page).toHaveURL(/\/dashboard\/products/);
  const waiting = page.getByRole('region', { name: 'Waiting to upload' });
  await expect(waiting.getByText(name)).toBeVisible();
  await expect(waiting.getByText('Waiting to upload')).toBeVisible();
  await expect(waiting.locator('img')).toHaveJSProperty('complete', true);

  // A closed tab or a reload loses nothing.
  await page.reload();
  await expect(waiting.getByText(name)).toBeVisible();

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  const row = page.locator('tr, li').filter({ has: page.getByRole('button', { name: `Delete ${name}` }) });
  await expect(row).toBeVisible();
  await expectPhotoShown(row);
});

/** A photo that does not compress (camera noise), so a slow connection takes seconds to send it. */
const noisyPhoto = () => {
  const width = 900;
  const height = 700;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
};

/**
 * The phone's network, for one request: passes the first `cutAfter` bytes of the request's body to
 * the server and then loses the connection to it (`cut` resolves); the phone hears nothing until
 * `dropPhone()` closes its side too.
 */
async function cuttingProxy(target: string, cutAfter: number) {
  let markCut = () => {};
  const cut = new Promise<void>((resolve) => {
    markCut = resolve;
  });
  const phones = new Set<Socket>();
  const server = http.createServer((req, _res) => {
    phones.add(req.socket);
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers });
    upstream.on('error', () => {});
    let sent = 0;
    req.on('data', (chunk: Buffer) => {
      if (sent >= cutAfter) return;
      const part = chunk.subarray(0, cutAfter - sent);
      sent += part.length;
      upstream.write(part, () => {
        if (sent < cutAfter) return;
        setTimeout(() => {
          upstream.destroy();
          markCut();
        }, 200);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    cut,
    dropPhone: () => {
      for (const socket of phones) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a photo cut off half-way by a lost connection resumes from the byte the server has, even after a reload @phone-only', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await sellerWithPickupAddress(page, request, 'resume-photo');
  const name = `Aso-oke wrapper ${Date.now().toString(36)}`;
  const photoBytes = await noisyPhoto();

  await addProductSeenOnline(page);

  // Saved with no connection: the photo waits on the phone with the product.
  await context.setOffline(true);
  await page.reload();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fashion' });
  await page.getByLabel('Sub-category').selectOption({ index: 1 });
  await page.getByLabel('Price', { exact: true }).fill('12000');
  await page
    .getByLabel('Choose photos')
    .setInputFiles([{ name: 'wrapper.jpg', mimeType: 'image/jpeg', buffer: photoBytes }]);
  await expect(page.locator('figure').getByText('Waiting to upload')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products/);
  const waiting = page.getByRole('region', { name: 'Waiting to upload' });
  await expect(waiting.getByText(name)).toBeVisible();

  // Every request of the upload, as the browser sends it.
  const creations: string[] = [];
  const patches: number[] = [];
  page.on('request', (req) => {
    if (!req.url().includes('/api/uploads/tus')) return;
    if (req.method() === 'POST') creations.push(req.url());
    if (req.method() === 'PATCH') patches.push(Number(req.headers()['upload-offset']));
  });

  // The connection comes back, and drops half-way through the photo: the photo's first request goes
  // through a stand-in for the phone's network (cuttingProxy) that passes half of it to the server,
  // then loses the rest, as a phone's dropped signal does.
  const half = Math.floor(photoBytes.length / 2);
  const network = await cuttingProxy(test.info().project.use.baseURL ?? '', half);
  let firstPatch = true;
  await page.route('**/api/uploads/tus/*', async (route) => {
    if (route.request().method() !== 'PATCH' || !firstPatch) return route.continue();
    firstPatch = false;
    const url = new URL(route.request().url());
    await route.continue({ url: `${network.origin}${url.pathname}` });
  });
  const created = page.waitForResponse(
    (res) => res.url().endsWith('/api/uploads/tus') && res.request().method() === 'POST',
  );
  await context.setOffline(false);
  const creation = await created;
  expect(creation.status()).toBe(201);
  // The bytes the server has, read from its folder (a HEAD would be the client's "I am resuming").
  const uploadId = (creation.headers().location ?? '').split('/').pop() ?? '';
  const partial = path.join(process.env.E2E_DATA_DIR ?? '', 'resumable-uploads', uploadId);
  const offsetNow = async () => (await stat(partial)).size;

  await network.cut;
  // While the phone still waits for an answer, its product shows the photo's bar.
  await expect(waiting.getByRole('progressbar')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('photo-sending-390.png') });
  await context.setOffline(true);
  network.dropPhone();
  await expect.poll(offsetNow).toBe(half);

  // The try ends with no connection: the product waits again, marked so, with no bar.
  await expect(waiting.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await expect(waiting.getByText('Waiting to upload')).toBeVisible();
  // A reload on the way loses nothing: the phone still knows its upload.
  await page.reload();
  await expect(page.getByText(/^Offline/)).toBeVisible();
  await expect(waiting.getByText(name)).toBeVisible();
  await expect(waiting.getByText('Waiting to upload')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('photo-waiting-after-cut-390.png') });
  patches.length = 0;

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  await network.close();

  // The rest went from where the server stood, not from zero, in the same upload.
  expect(patches.length).toBeGreaterThan(0);
  expect(patches[0]).toBe(half);
  expect(patches).not.toContain(0);
  expect(creations).toHaveLength(1);

  const row = page.locator('tr, li').filter({ has: page.getByRole('button', { name: `Delete ${name}` }) });
  await expectPhotoShown(row);
  await page.screenshot({ path: test.info().outputPath('photo-resumed-390.png') });
});
