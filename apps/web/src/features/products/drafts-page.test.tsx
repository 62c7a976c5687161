import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DraftsPage } from '@/features/products/drafts-page';
import { emptyProductValues } from '@/features/products/form-values';
import { writeLocalDraft } from '@/features/products/local-draft';
import { productsApi, SELLER_ID, testProduct } from '@/features/products/testing';
import { renderScreen } from '@/test/render-screen';

function open(fake: ReturnType<typeof productsApi>) {
  return renderScreen(
    '/dashboard/drafts',
    '/dashboard/drafts',
    <DraftsPage sellerId={SELLER_ID} api={fake.api} />,
  );
}

describe('the drafts page', () => {
  it("lists only the seller's drafts, each resumable in the editor", async () => {
    const draft = testProduct({ name: 'Lace blouse', status: 'draft' });
    const fake = productsApi([draft, testProduct({ name: 'Listed gown', status: 'active' })]);
    open(fake);
    const resume = await screen.findByRole('link', { name: 'Resume Lace blouse' });
    expect(resume.getAttribute('href')).toBe(`/dashboard/edit-product/${draft._id}`);
    expect(screen.queryByText('Listed gown')).not.toBeInTheDocument();
    expect(fake.calls[0]?.query.get('status')).toBe('draft');
  });

  it('publishes a draft: status active, the update toast, and it leaves the list', async () => {
    const draft = testProduct({ name: 'Lace blouse', status: 'draft' });
    const fake = productsApi([draft]);
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Lace blouse' }));

    expect(await screen.findByText('Product updated successfully')).toBeVisible();
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/products/${draft._id}`);
    expect(put?.body).toEqual({ status: 'active' });
    expect(await screen.findByText('No drafts')).toBeVisible();
  });

  it("says 'Failed to update product' with the reason when publishing fails", async () => {
    const fake = productsApi([testProduct({ name: 'Lace blouse', status: 'draft' })], (call) =>
      call.method === 'PUT' ? { status: 400, body: { message: 'Add a photo before publishing' } } : undefined,
    );
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Lace blouse' }));
    expect(await screen.findByText('Failed to update product')).toBeVisible();
    expect(screen.getByText('Add a photo before publishing')).toBeVisible();
  });

  it('deletes a draft after confirming, with the same toast as the products page', async () => {
    const fake = productsApi([testProduct({ name: 'Lace blouse', status: 'draft' })]);
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Lace blouse' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Lace blouse has been deleted successfully')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Resume Lace blouse' })).not.toBeInTheDocument(),
    );
  });

  it('offers the unsaved add-product form kept on this device', async () => {
    writeLocalDraft(SELLER_ID, { kind: 'add' }, { ...emptyProductValues, name: 'Beaded bag' });
    open(productsApi([]));
    expect(await screen.findByText('Beaded bag')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Unsaved draft — continue' }).getAttribute('href')).toBe(
      '/dashboard/add-products',
    );
    expect(await screen.findByText('No drafts')).toBeVisible();
  });
});
