import type { CreateProductBody, ProductImageUploadResponse } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localDraftKey } from '@/features/products/local-draft';
import { ProductForm } from '@/features/products/product-form';
import type { UploadFn } from '@/features/products/products-api';
import { CATEGORY_ID, productsApi, SELLER_ID, SUB_CATEGORY_ID } from '@/features/products/testing';
import { shownImage } from '@/test/images';
import { renderScreen } from '@/test/render-screen';

type Fake = ReturnType<typeof productsApi>;

function openAdd(fake: Fake, upload?: UploadFn) {
  return renderScreen(
    '/dashboard/add-products',
    '/dashboard/add-products',
    <ProductForm sellerId={SELLER_ID} mode={{ kind: 'add' }} api={fake.api} upload={upload} />,
  );
}

async function fillBasics(name = 'Ankara wrap dress', price = '15,000') {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Fashion');
  await userEvent.selectOptions(screen.getByLabelText('Sub-category'), 'Women’s clothing');
  await userEvent.type(screen.getByLabelText('Price'), price);
}

async function addOption(name: string, values: string[]) {
  const button =
    screen.queryByRole('button', { name: 'Add option' }) ??
    screen.getByRole('button', { name: 'Add another option' });
  await userEvent.click(button);
  const group = screen.getByRole('group', { name: /^New option/ });
  await userEvent.type(within(group).getByLabelText('Option name'), name);
  await userEvent.type(within(group).getByLabelText('Values'), values.map((v) => `${v}{Enter}`).join(''));
  await userEvent.click(within(group).getByRole('button', { name: 'Add option' }));
}

const posted = (fake: Fake) =>
  fake.calls.find((c) => c.method === 'POST' && c.path === '/products')?.body as
    | CreateProductBody
    | undefined;

describe('the add product form', () => {
  it('shows what is missing under each field and sends nothing', async () => {
    const fake = productsApi();
    openAdd(fake);
    await screen.findByLabelText('Category');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('Category is required')).toBeVisible();
    expect(screen.getByText('Sub-category is required')).toBeVisible();
    expect(screen.getByText('Price is required')).toBeVisible();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Some fields need your attention.');

    await userEvent.type(screen.getByLabelText('Price'), '12abc');
    await userEvent.tab();
    expect(await screen.findByText('Enter a number')).toBeVisible();
    expect(posted(fake)).toBeUndefined();
  });

  it('builds a grid of every combination, sums the stock and applies a price and stock to all', async () => {
    openAdd(productsApi());
    await addOption('Colour', ['Red', 'Blue']);
    await addOption('Size', ['M', 'L']);
    await addOption('Fabric', ['Cotton']);

    expect(screen.getByText('4 combinations')).toBeVisible();
    expect(screen.getByText(/Total stock:/).textContent).toBe('Total stock: 4');
    // With variants the product's own stock box gives way to their sum.
    expect(screen.queryByRole('textbox', { name: 'Stock' })).not.toBeInTheDocument();
    expect((screen.getByLabelText('SKU for Blue / L / Cotton') as HTMLInputElement).value).toBe(
      'BLUE-L-COTTON',
    );

    await userEvent.type(screen.getByLabelText('Price for all (₦)'), '9500');
    await userEvent.type(screen.getByLabelText('Stock for all'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to all' }));
    expect(screen.getByText(/Total stock:/).textContent).toBe('Total stock: 20');
    for (const input of screen.getAllByLabelText(/^Price for (Red|Blue) \//)) {
      expect((input as HTMLInputElement).value).toBe('9500');
    }

    const one = screen.getByLabelText('Stock for Red / M / Cotton');
    await userEvent.clear(one);
    await userEvent.type(one, '12');
    expect(screen.getByText(/Total stock:/).textContent).toBe('Total stock: 27');

    // Deleting the second option clears it and the third.
    await userEvent.click(screen.getByRole('button', { name: 'Delete option Size' }));
    expect(screen.getByText('2 combinations')).toBeVisible();
    expect(screen.queryByLabelText(/^SKU for/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add another option' })).toBeVisible();
  });

  it('posts a three-level product with its variant tree and the summed stock, then opens the list', async () => {
    const fake = productsApi();
    const { router } = openAdd(fake);
    await fillBasics();
    await addOption('Colour', ['Red', 'Blue']);
    await addOption('Size', ['M', 'XL']);
    await addOption('Fabric', ['Cotton', 'Silk']);
    await userEvent.type(screen.getByLabelText('Stock for all'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to all' }));
    const silk = screen.getByLabelText('Stock for Blue / XL / Silk');
    await userEvent.clear(silk);
    await userEvent.type(silk, '10');
    await userEvent.type(screen.getByLabelText('Price for Red / M / Cotton'), '16500');
    await userEvent.type(screen.getByLabelText('Tags'), 'ankara{Enter}owambe{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Product created successfully')).toBeVisible();
    const body = posted(fake);
    expect(body).toMatchObject({
      name: 'Ankara wrap dress',
      categoryId: CATEGORY_ID,
      subCategoryId: SUB_CATEGORY_ID,
      price: 15000,
      status: 'active',
      stock: 7 * 3 + 10,
      tags: ['ankara', 'owambe'],
      saleType: { buyNow: true, auction: null },
    });
    expect(body?.options.map((o) => [o.name, o.values])).toEqual([
      ['Colour', ['Red', 'Blue']],
      ['Size', ['M', 'XL']],
      ['Fabric', ['Cotton', 'Silk']],
    ]);
    expect(body?.variants.map((v) => [v.value, v.totalStock])).toEqual([
      ['Red', 12],
      ['Blue', 19],
    ]);
    const blueXl = body?.variants[1]?.subVariants[1];
    expect(blueXl?.stock).toBe(13);
    expect(blueXl?.subSubVariants.map((x) => [x.sku, x.stock])).toEqual([
      ['BLUE-XL-COTTON', 3],
      ['BLUE-XL-SILK', 10],
    ]);
    expect(body?.variants[0]?.subVariants[0]?.subSubVariants[0]?.price).toBe(16500);
    expect(body?.variants[0]?.subVariants[0]?.subSubVariants[1]?.price).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
  });

  it('saves a draft with status draft and goes to the drafts page', async () => {
    const fake = productsApi();
    const { router } = openAdd(fake);
    await fillBasics('Adire shirt', '8000');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Product created successfully')).toBeVisible();
    expect(posted(fake)).toMatchObject({ name: 'Adire shirt', status: 'draft', stock: 1, price: 8000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/drafts'));
  });

  it("shows the server's field problems under the fields and the spec's failure toast", async () => {
    const fake = productsApi([], (call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              message: 'Invalid body',
              issues: [{ path: 'name', message: 'That name is already listed' }],
            },
          }
        : undefined,
    );
    openAdd(fake);
    await fillBasics();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Failed to create product')).toBeVisible();
    expect(screen.getByText('Please try again')).toBeVisible();
    expect(screen.getByText('That name is already listed')).toBeVisible();
  });

  it('keeps unsaved work on the device, restores it on the next visit, and can discard it', async () => {
    const fake = productsApi();
    const first = openAdd(fake);
    await screen.findByLabelText('Category');
    await userEvent.type(screen.getByLabelText('Name'), 'Kente stole');
    const key = localDraftKey(SELLER_ID, { kind: 'add' });
    await waitFor(() => expect(localStorage.getItem(key)).toContain('Kente stole'));
    first.unmount();

    openAdd(fake);
    expect(await screen.findByText('Restored your unsaved changes')).toBeVisible();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Kente stole');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('uploads picked photos at once with a progress bar and sends their URLs, cover first', async () => {
    const fake = productsApi();
    const finish: Array<() => void> = [];
    const upload = ((
      _path: string,
      form: FormData,
      options: { onProgress?: (l: number, t: number) => void },
    ) => {
      options.onProgress?.(50, 100);
      const file = form.get('image') as File;
      return new Promise<ProductImageUploadResponse>((resolve) => {
        finish.push(() =>
          resolve({ message: 'Uploaded', image: { url: `/api/media/products/${file.name}.webp` } }),
        );
      });
    }) as UploadFn;
    openAdd(fake, upload);
    await fillBasics();
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Choose photos'), [png('front.png'), png('back.png')]);

    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['50', '50']);
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Photos are still uploading')).toBeVisible();
    expect(posted(fake)).toBeUndefined();

    for (const done of finish) done();
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Product created successfully');
    expect(posted(fake)?.images).toEqual([
      '/api/media/products/front.png.webp',
      '/api/media/products/back.png.webp',
    ]);
  });
  it("gives each colour photos picked from the product's photos, shown in the grid and posted with the variant", async () => {
    const fake = productsApi();
    const upload = (async (_path: string, form: FormData) => ({
      message: 'Uploaded',
      image: { url: `/api/media/products/${(form.get('image') as File).name}.webp` },
    })) as UploadFn;
    openAdd(fake, upload);
    await fillBasics();
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Choose photos'), [png('red.png'), png('blue.png')]);
    await screen.findByRole('button', { name: 'Remove photo 2' });
    await addOption('Colour', ['Red', 'Blue']);
    await addOption('Size', ['M']);

    const red = screen.getByRole('button', { name: 'Photos for Red' });
    expect(red.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.click(red);
    const dialog = await screen.findByRole('dialog', { name: 'Photos for Red' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Photo 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(red));

    const described = (button: HTMLElement) =>
      document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described(screen.getByRole('button', { name: 'Photos for Red' }))).toBe('1 photo');
    expect(described(screen.getByRole('button', { name: 'Photos for Blue' }))).toBe('No photos yet');
    // A combination shows its colour's photo until it has its own.
    const redM = screen.getByRole('button', { name: 'Photos for Red / M' });
    expect(described(redM)).toBe("No photos of its own; shows Red's");
    expect(shownImage(redM.querySelector('img'))).toBe('/api/media/products/red.png.webp');

    // The blue one gets a photo uploaded in the picker, for that combination only.
    await userEvent.click(screen.getByRole('button', { name: 'Photos for Blue / M' }));
    const blueDialog = await screen.findByRole('dialog', { name: 'Photos for Blue / M' });
    await userEvent.upload(within(blueDialog).getByLabelText('Upload photos'), png('blue-m.png'));
    await within(blueDialog).findByRole('button', { name: 'Photo 3', pressed: true });
    await userEvent.click(within(blueDialog).getByRole('button', { name: 'Done' }));

    // Changing prices and stock keeps the photos.
    await userEvent.type(screen.getByLabelText('Price for all (₦)'), '9500');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Product created successfully');
    const body = posted(fake);
    expect(body?.images).toEqual(['/api/media/products/red.png.webp', '/api/media/products/blue.png.webp']);
    expect(body?.variants.map((v) => [v.value, v.images, v.subVariants.map((x) => x.images)])).toEqual([
      ['Red', ['/api/media/products/red.png.webp'], [[]]],
      ['Blue', [], [['/api/media/products/blue-m.png.webp']]],
    ]);
  });
});
