import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readListQuery, writeListQuery } from '@/features/products/list-query';
import { ProductsPage } from '@/features/products/products-page';
import { productsApi, SELLER_ID, testProduct } from '@/features/products/testing';
import { renderScreen } from '@/test/render-screen';

function open(fake: ReturnType<typeof productsApi>, path = '/dashboard/products') {
  return renderScreen(path, '/dashboard/products', <ProductsPage sellerId={SELLER_ID} api={fake.api} />);
}

/** The table row of a product, found by its delete button (the name also sits in the buttons' labels). */
async function rowOf(name: string) {
  return (await screen.findByRole('button', { name: `Delete ${name}` })).closest('tr') as HTMLElement;
}

const listCalls = (fake: ReturnType<typeof productsApi>) =>
  fake.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/products/seller/'));

describe('the products page', () => {
  it('lists the page of products with price in naira, stock and status, and the statistics', async () => {
    const fake = productsApi([
      testProduct({ name: 'Aso-oke gele', price: 12500.5, stock: 3 }),
      testProduct({ name: 'Adire shirt', price: 8000, stock: 0, status: 'out_of_stock' }),
    ]);
    open(fake);

    const row = await rowOf('Aso-oke gele');
    expect(within(row).getByText('₦12,500.50')).toBeVisible();
    expect(within(row).getByText('3')).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();
    expect(within(await rowOf('Adire shirt')).getByText('Out of stock')).toBeVisible();

    const stats = screen.getByRole('region', { name: 'Product statistics' });
    expect(within(stats).getByText('Total products').nextSibling?.textContent).toBe('2');
    expect(within(stats).getByText('Total stock value').nextSibling?.textContent).toBe('₦37,501.50');
    expect(screen.getByRole('link', { name: 'Edit Aso-oke gele' }).getAttribute('href')).toMatch(
      /^\/dashboard\/edit-product\/6f1c1f8e-/,
    );
    // SPEC section 9: page 1, limit 10 by default.
    expect(listCalls(fake)[0]?.query.get('page')).toBe('1');
    expect(listCalls(fake)[0]?.query.get('limit')).toBe('10');
  });

  it('opens the editor inside the app from a row', async () => {
    const product = testProduct({ name: 'Aso-oke gele' });
    const { router } = open(productsApi([product]));
    await userEvent.click(await screen.findByRole('link', { name: 'Edit Aso-oke gele' }));
    expect(router.state.location.pathname).toBe(`/dashboard/edit-product/${product._id}`);
  });

  it('shows the price range a product’s variants make', async () => {
    const fake = productsApi([
      testProduct({ name: 'Ankara wrap dress', price: 15000, priceRange: { min: 15000, max: 16500 } }),
    ]);
    open(fake);
    const row = await rowOf('Ankara wrap dress');
    expect(within(row).getByText('₦15,000.00–₦16,500.00')).toBeVisible();
  });

  it('deletes after confirming: the toast names the product and the row disappears', async () => {
    const fake = productsApi([testProduct({ name: 'Aso-oke gele' }), testProduct({ name: 'Adire shirt' })]);
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Aso-oke gele' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Aso-oke gele has been deleted successfully')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Aso-oke gele' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Delete Adire shirt' })).toBeVisible();
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it("keeps each row to its product, so focus never lands on another product's buttons after a delete", async () => {
    const fake = productsApi([testProduct({ name: 'Aso-oke gele' }), testProduct({ name: 'Adire shirt' })]);
    open(fake);
    const rowBefore = await rowOf('Adire shirt');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Aso-oke gele' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Aso-oke gele' })).not.toBeInTheDocument(),
    );

    expect(document.activeElement?.getAttribute('aria-label') ?? '').not.toMatch(/Adire shirt/);
    // The remaining product's row is the element it always was.
    expect(await rowOf('Adire shirt')).toBe(rowBefore);
  });

  it('turns to the next page: its products, each beside its own photo, never the last page’s', async () => {
    const fake = productsApi(
      ['Aso-oke gele', 'Adire shirt', 'Ankara gown', 'Leather sandals'].map((name) =>
        testProduct({ name, images: [`https://photos.example/${name.replaceAll(' ', '-')}.jpg`] }),
      ),
    );
    const { router } = open(fake, '/dashboard/products?limit=2');
    const nameOf = (row: HTMLElement) => row.querySelector('th p')?.textContent ?? '';
    const photoOf = (row: HTMLElement) => row.querySelector('img');
    const rows = async () => {
      await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
      return screen.getAllByRole('row').slice(1);
    };
    const first = await rows();
    const firstNames = first.map(nameOf);
    const firstPhotos = first.map(photoOf);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Delete ${firstNames[0]}` })).toBeNull());
    const second = await rows();
    for (const [i, row] of second.entries()) {
      const name = nameOf(row);
      expect(firstNames).not.toContain(name);
      expect(photoOf(row)?.getAttribute('src')).toContain(name.replaceAll(' ', '-'));
      expect(photoOf(row)).not.toBe(firstPhotos[i]);
      expect(within(row).getByRole('link', { name: `Edit ${name}` })).toBeVisible();
      expect(within(row).getByRole('button', { name: `Delete ${name}` })).toBeVisible();
    }
  });

  it("never hands the row under the seller's focus to another page's product", async () => {
    const fake = productsApi(
      ['Aso-oke gele', 'Adire shirt', 'Ankara gown', 'Leather sandals'].map((name) => testProduct({ name })),
    );
    const { router } = open(fake, '/dashboard/products?limit=2');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    const focused = screen.getAllByRole('link', { name: /^Edit / })[0] as HTMLElement;
    const label = focused.getAttribute('aria-label');
    focused.focus();

    await router.navigate('/dashboard/products?limit=2&page=2');
    await waitFor(() => expect(screen.queryByRole('link', { name: label ?? '' })).toBeNull());
    // The focused link left with its product: it is not another product's link now.
    expect(focused.isConnected && focused.getAttribute('aria-label') !== label).toBe(false);
  });

  it('says "Network error" when a delete gets no answer, and keeps the row', async () => {
    const fake = productsApi([testProduct({ name: 'Aso-oke gele' })], (call) =>
      call.method === 'DELETE' ? 'network-error' : undefined,
    );
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Aso-oke gele' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Network error: Please check your internet connection.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Aso-oke gele' })).toBeVisible();
  });

  it("says 'Failed to delete product' with the server's reason when the server refuses", async () => {
    const fake = productsApi([testProduct({ name: 'Aso-oke gele' })], (call) =>
      call.method === 'DELETE'
        ? { status: 400, body: { message: 'This product is in a scheduled or live show' } }
        : undefined,
    );
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Aso-oke gele' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete product')).toBeVisible();
    expect(screen.getByText('This product is in a scheduled or live show')).toBeVisible();
  });

  it('invites the seller to add a first product when there are none', async () => {
    open(productsApi([]));
    expect(await screen.findByText('No products yet')).toBeVisible();
    expect(
      screen
        .getAllByRole('link', { name: 'Add product' })
        .every((l) => l.getAttribute('href') === '/dashboard/add-products'),
    ).toBe(true);
  });

  it('searches after the seller stops typing, keeps it in the URL, and says when nothing matches', async () => {
    const fake = productsApi([testProduct({ name: 'Aso-oke gele' }), testProduct({ name: 'Adire shirt' })]);
    const { router } = open(fake);
    await rowOf('Aso-oke gele');
    await userEvent.type(screen.getByLabelText('Search products'), 'adire');

    await waitFor(() => expect(router.state.location.search).toBe('?search=adire'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Aso-oke gele' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Delete Adire shirt' })).toBeVisible();
    // One request for the whole word, not one per letter.
    expect(
      listCalls(fake)
        .filter((c) => c.query.get('search') !== null)
        .map((c) => c.query.get('search')),
    ).toEqual(['adire']);

    await userEvent.clear(screen.getByLabelText('Search products'));
    await userEvent.type(screen.getByLabelText('Search products'), 'kente');
    expect(await screen.findByText('No products match “kente”')).toBeVisible();
  });

  it('reads page, status, search and sort from the URL, so a reload shows the same list', async () => {
    const fake = productsApi([testProduct({ status: 'draft', name: 'Draft gown' })]);
    open(fake, '/dashboard/products?status=draft&sort=price_asc&search=gown');
    await rowOf('Draft gown');
    const call = listCalls(fake)[0];
    expect(call?.query.get('status')).toBe('draft');
    expect(call?.query.get('sortBy')).toBe('price_asc');
    expect(call?.query.get('search')).toBe('gown');
    expect(screen.getByRole('button', { name: /Draft/, pressed: true })).toBeVisible();
  });

  it("shows 'Failed to fetch products' when the list cannot be loaded", async () => {
    open(
      productsApi([], (call) =>
        call.method === 'GET' ? { status: 400, body: { message: 'Bad page' } } : undefined,
      ),
    );
    expect(await screen.findByText('Failed to fetch products')).toBeVisible();
    expect(screen.getByText('Please reload the page and try again')).toBeVisible();
  });
});

describe('the list state in the URL', () => {
  it('falls back to the defaults for anything it cannot read', () => {
    expect(readListQuery(new URLSearchParams('page=-2&limit=500&status=sold&sort=cheapest'))).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'newest',
      status: undefined,
      search: undefined,
    });
    expect(writeListQuery({ page: 1, limit: 10, sortBy: 'newest' }).toString()).toBe('');
    expect(
      writeListQuery({ page: 3, limit: 100, sortBy: 'name', status: 'archived', search: 'gele' }).toString(),
    ).toBe('page=3&limit=100&status=archived&search=gele&sort=name');
    expect(readListQuery(new URLSearchParams('limit=100')).limit).toBe(100);
  });
});
