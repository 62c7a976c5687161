import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liveStream, renderStudio } from '@/features/live/studio/studio-testing';
import { ANKARA_ID, STREAM_ID } from '@/test/live-fixtures';

/* The studio's Pin: the seller presents one of the show's products to every viewer (issue 14). */

describe('Studio: pin a product', () => {
  it('pins a product, shows it as pinned, and unpins it', async () => {
    const user = userEvent.setup();
    const stream = liveStream();
    const { calls, connect } = renderStudio({
      stream,
      handlers: {
        [`POST /streams/${STREAM_ID}/join-seller`]: { body: { message: 'ok', data: { stream } } },
        [`GET /streams/${STREAM_ID}/tray`]: { body: { products: [], pinnedProductId: null } },
        [`POST /streams/${STREAM_ID}/pin`]: (call) => {
          const productId = (call.body as { productId: string | null }).productId;
          return {
            body: { message: productId ? 'Product pinned' : 'Product unpinned', pinnedProductId: productId },
          };
        },
      },
    });
    connect();
    const ankara = await screen.findByRole('listitem', { name: 'Ankara gown' });
    await user.click(await within(ankara).findByRole('button', { name: 'Pin Ankara gown' }));
    expect(await within(ankara).findByText('Pinned for viewers')).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/pin'))?.body).toEqual({ productId: ANKARA_ID });

    await user.click(within(ankara).getByRole('button', { name: 'Unpin Ankara gown' }));
    expect(await within(ankara).findByRole('button', { name: 'Pin Ankara gown' })).toBeVisible();
    expect(calls.filter((c) => c.path.endsWith('/pin')).at(-1)?.body).toEqual({ productId: null });
  });

  it('shows the product the show already has pinned', async () => {
    const stream = liveStream();
    const { connect } = renderStudio({
      stream,
      handlers: {
        [`POST /streams/${STREAM_ID}/join-seller`]: { body: { message: 'ok', data: { stream } } },
        [`GET /streams/${STREAM_ID}/tray`]: { body: { products: [], pinnedProductId: ANKARA_ID } },
      },
    });
    connect();
    const ankara = await screen.findByRole('listitem', { name: 'Ankara gown' });
    expect(await within(ankara).findByText('Pinned for viewers')).toBeVisible();
  });
});
