import type { Product } from '@kasuwa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EditProductForm } from '@/features/products/edit-product-form';
import { CATEGORY_ID, productsApi, SELLER_ID, testProduct } from '@/features/products/testing';
import { shownImage } from '@/test/images';
import { renderScreen } from '@/test/render-screen';

type Fake = ReturnType<typeof productsApi>;

function openEdit(fake: Fake, id: string) {
  return renderScreen(
    `/dashboard/edit-product/${id}`,
    '/dashboard/edit-product/:id',
    <EditProductForm sellerId={SELLER_ID} productId={id} api={fake.api} />,
  );
}

describe('the edit product form', () => {
  const stored = (): Product =>
    testProduct({ name: 'Aso-oke gele', price: 12000, stock: 6, compareAtPrice: 15000, tags: ['gele'] });

  it('loads the product, and sends the change with the spec’s success toast', async () => {
    const product = stored();
    const fake = productsApi([product]);
    openEdit(fake, product._id);
    const price = await screen.findByLabelText('Price');
    expect((price as HTMLInputElement).value).toBe('12000');
    await screen.findByRole('option', { name: 'Fashion' });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(CATEGORY_ID);
    await userEvent.clear(price);
    await userEvent.type(price, '13500');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Product updated successfully')).toBeVisible();
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/products/${product._id}`);
    expect(put?.body).toMatchObject({
      price: 13500,
      compareAtPrice: 15000,
      stock: 6,
      tags: ['gele'],
      status: 'active',
    });
  });

  it("says 'Failed to update product' with the server's message", async () => {
    const product = stored();
    const fake = productsApi([product], (call) =>
      call.method === 'PUT'
        ? { status: 400, body: { message: 'Unknown category or sub-category' } }
        : undefined,
    );
    openEdit(fake, product._id);
    await screen.findByLabelText('Price');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Failed to update product')).toBeVisible();
    expect(screen.getByText('Unknown category or sub-category')).toBeVisible();
  });

  it("says 'Failed to fetch product details' when the product cannot be loaded", async () => {
    openEdit(productsApi([]), '6f1c1f8e-0000-4000-8000-00000000ffff');
    expect(await screen.findByText('Failed to fetch product details')).toBeVisible();
    expect(screen.getByText('We could not load this product.')).toBeVisible();
  });

  it("shows each variant's stored photos back and keeps them on save", async () => {
    const photo = (n: string) => `/api/media/products/${SELLER_ID}/${n}.webp`;
    const product = testProduct({
      images: [photo('cover')],
      options: [{ id: 'o1', name: 'Colour', values: ['Red', 'Blue'] }],
      variants: [
        {
          name: 'Colour',
          value: 'Red',
          price: null,
          totalStock: 2,
          images: [photo('red'), photo('cover')],
          subVariants: [],
        },
        { name: 'Colour', value: 'Blue', price: null, totalStock: 2, images: [], subVariants: [] },
      ],
    });
    const fake = productsApi([product]);
    openEdit(fake, product._id);
    const red = await screen.findByRole('button', { name: 'Photos for Red' });
    expect(shownImage(red.querySelector('img'))).toBe(photo('red'));
    expect(red.textContent).toContain('2');
    await userEvent.click(red);
    const dialog = await screen.findByRole('dialog', { name: 'Photos for Red' });
    const tiles = within(dialog).getAllByRole('button', { name: /^Photo \d$/ });
    expect(tiles.map((t) => [shownImage(t.querySelector('img')), t.getAttribute('aria-pressed')])).toEqual([
      [photo('cover'), 'true'],
      [photo('red'), 'true'],
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Product updated successfully');
    const put = fake.calls.find((c) => c.method === 'PUT')?.body as { variants: Product['variants'] };
    expect(put.variants.map((v) => v.images)).toEqual([[photo('red'), photo('cover')], []]);
  });
});
