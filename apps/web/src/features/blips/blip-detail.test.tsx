import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/app/paths';
import { BlipsPage } from '@/features/blips/blips-page';
import { blipsApi, fakeUpload, SELLER_ID, testBlip, testComment } from '@/features/blips/testing';
import { renderScreen } from '@/test/render-screen';

type Fake = ReturnType<typeof blipsApi>;

function open(fake: Fake, path: string) {
  return renderScreen(
    path,
    '/dashboard/blips',
    <BlipsPage sellerId={SELLER_ID} api={fake.api} upload={fakeUpload().upload} />,
  );
}

const commentCalls = (fake: Fake) => fake.calls.filter((c) => c.path.endsWith('/comments'));

describe('a blip opened from the grid', () => {
  it('plays the video with its poster and shows the product, counts and caption; back returns to the grid', async () => {
    const blip = testBlip({
      product: { _id: 'p1', name: 'Aso-oke gele', price: 12500, image: null },
      caption: 'Hand-woven in Iseyin',
      viewsCount: 40,
      likesCount: 6,
      commentsCount: 2,
    });
    const fake = blipsApi({ blips: [blip] });
    const { router } = open(fake, paths.dashboard.blips);

    await userEvent.click(await screen.findByRole('link', { name: /Aso-oke gele/ }));
    expect(router.state.location.search).toBe(`?product=${blip.productId}&blip=${blip._id}`);
    const video = (await screen.findByLabelText('Blip of Aso-oke gele')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(blip.videoUrl);
    // The poster at the size of the video's column (400 CSS px on a 1x screen), not the full frame.
    expect(video.getAttribute('poster')).toBe(blip.posterUrl?.replace(/\.webp$/, '.w640.webp'));
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    const section = screen.getByRole('region', { name: 'Blip' });
    expect(within(section).getByRole('heading', { name: 'Aso-oke gele' })).toBeVisible();
    expect(within(section).getByText('₦12,500.00')).toBeVisible();
    expect(within(section).getByText('40 views')).toBeInTheDocument();
    expect(within(section).getByText('Hand-woven in Iseyin')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'All blips' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: /Aso-oke gele/ })).toBeVisible();
  });

  it("says 'Failed to fetch blip details' when the blip cannot be loaded", async () => {
    const fake = blipsApi({}, (call) =>
      call.method === 'GET' && /\/blips\/[^/]+$/.test(call.path) && !call.path.includes('/seller/')
        ? { status: 404, body: { message: 'Blip not found' } }
        : undefined,
    );
    open(
      fake,
      paths.dashboard.blip('7a2c1f8e-0001-4000-8000-000000000999', '7a2c1f8e-0002-4000-8000-000000000999'),
    );
    expect(await screen.findByText('Failed to fetch blip details')).toBeVisible();
    expect(screen.getByText('This blip is no longer available.')).toBeVisible();
  });

  it('deletes the blip after confirming and goes back to the grid without it', async () => {
    const keep = testBlip({ product: { _id: 'p1', name: 'Kente scarf', price: 1, image: null } });
    const drop = testBlip({ product: { _id: 'p2', name: 'Aso-oke gele', price: 1, image: null } });
    const fake = blipsApi({ blips: [drop, keep] });
    const { router } = open(fake, paths.dashboard.blips);
    await userEvent.click(await screen.findByRole('link', { name: /Aso-oke gele/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete blip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete blip?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // Not toBeVisible: sonner's own CSS (it injects it) dims a toast stacked behind a newer one.
    expect(await screen.findByText('Blip deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: /Kente scarf/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Aso-oke gele/ })).not.toBeInTheDocument();
    expect(
      fake.calls.some(
        (c) => c.method === 'DELETE' && c.path === `/products/${drop.productId}/blips/${drop._id}`,
      ),
    ).toBe(true);
  });
});

describe('sharing a blip', () => {
  it("shows the buyers' page of the blip as a link to copy and open", async () => {
    const blip = testBlip({ product: { _id: 'p1', name: 'Aso-oke gele', price: 12500, image: null } });
    open(blipsApi({ blips: [blip] }), paths.dashboard.blip(blip.productId, blip._id));
    const link = (await screen.findByLabelText('Share link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/watch/blips/${blip._id}`);
    expect(screen.getByRole('link', { name: 'Open buyer page' }).getAttribute('href')).toBe(
      paths.watchBlip(blip._id),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Copy link to this blip' }));
    expect(await screen.findByText('Link copied')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(link.value);
  });
});

describe('the comments of a blip', () => {
  it("loads 10 at a time with 'Load more comments' while the server says there are more", async () => {
    const blip = testBlip();
    const comments = Array.from({ length: 14 }, (_, i) => testComment({ text: `Comment number ${i + 1}` }));
    const fake = blipsApi({ blips: [blip], comments: { [blip._id]: comments } });
    open(fake, paths.dashboard.blip(blip.productId, blip._id));

    expect(await screen.findByText('Comment number 10')).toBeVisible();
    expect(screen.queryByText('Comment number 11')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Comments \(14\)/ })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('Comment number 14')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
    expect(commentCalls(fake).map((c) => [c.query.get('page'), c.query.get('limit')])).toEqual([
      ['1', '10'],
      ['2', '10'],
    ]);
  });

  it('shows who wrote each comment, when, and its replies with their count', async () => {
    const blip = testBlip();
    const comment = testComment({
      text: 'Do you deliver to Abuja?',
      author: { kind: 'buyer', name: 'Chidi Okafor', id: null },
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      repliesCount: 1,
    });
    comment.replies = [
      {
        _id: 'r1',
        parentCommentId: comment._id,
        text: 'Yes, in two days.',
        author: { kind: 'seller', name: 'Ngozi Wears', id: SELLER_ID },
        createdAt: new Date(Date.now() - 2 * 60_000).toISOString(),
      },
    ];
    open(
      blipsApi({ blips: [blip], comments: { [blip._id]: [comment] } }),
      paths.dashboard.blip(blip.productId, blip._id),
    );

    const item = await screen.findByRole('article', { name: 'Comment by Chidi Okafor' });
    expect(within(item).getByText('Do you deliver to Abuja?')).toBeVisible();
    expect(within(item).getByText('5 minutes ago')).toBeVisible();
    expect(within(item).getByText('1 reply')).toBeVisible();
    const replies = within(item).getByRole('list', { name: 'Replies to Chidi Okafor' });
    expect(within(replies).getByText('Yes, in two days.')).toBeVisible();
    expect(within(replies).getByText('Seller')).toBeVisible();
  });

  it("replies to a comment: sends {comment}, says 'Reply added successfully' and shows it under the comment", async () => {
    const blip = testBlip();
    const comment = testComment({
      text: 'Is red available?',
      author: { kind: 'buyer', name: 'Amaka', id: null },
    });
    const fake = blipsApi({ blips: [blip], comments: { [blip._id]: [comment] } });
    open(fake, paths.dashboard.blip(blip.productId, blip._id));

    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Amaka' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply to Amaka' }), '  Yes, size 12 and 14  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Reply added successfully')).toBeVisible();
    const item = screen.getByRole('article', { name: 'Comment by Amaka' });
    expect(within(item).getByText('Yes, size 12 and 14')).toBeVisible();
    expect(within(item).getByText('1 reply')).toBeVisible();
    expect(within(item).queryByRole('textbox', { name: 'Reply to Amaka' })).not.toBeInTheDocument();
    const post = fake.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/products/${blip.productId}/blips/${blip._id}/comments/${comment._id}/replies`);
    expect(post?.body).toEqual({ comment: 'Yes, size 12 and 14' });
    // Shown from the answer, not by fetching the comments again.
    expect(commentCalls(fake)).toHaveLength(1);
  });

  it("says 'Failed to add reply' with the reason and keeps what the seller wrote", async () => {
    const blip = testBlip();
    const comment = testComment({ author: { kind: 'buyer', name: 'Amaka', id: null } });
    const fake = blipsApi({ blips: [blip], comments: { [blip._id]: [comment] } }, (call) =>
      call.method === 'POST'
        ? { status: 400, body: { message: 'comment must be at most 500 characters' } }
        : undefined,
    );
    open(fake, paths.dashboard.blip(blip.productId, blip._id));
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Amaka' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply to Amaka' }), 'Yes we have it');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Failed to add reply')).toBeVisible();
    expect(screen.getByText('comment must be at most 500 characters')).toBeVisible();
    expect((screen.getByRole('textbox', { name: 'Reply to Amaka' }) as HTMLTextAreaElement).value).toBe(
      'Yes we have it',
    );
  });

  it("says 'Failed to fetch blip comments' when they cannot be loaded", async () => {
    const blip = testBlip();
    const fake = blipsApi({ blips: [blip] }, (call) =>
      call.path.endsWith('/comments')
        ? { status: 400, body: { message: 'page must be a number' } }
        : undefined,
    );
    open(fake, paths.dashboard.blip(blip.productId, blip._id));
    expect(await screen.findByText('Failed to fetch blip comments')).toBeVisible();
    expect(screen.getByText('We could not load the comments.')).toBeVisible();
  });

  it('says when there are no comments yet', async () => {
    const blip = testBlip();
    open(blipsApi({ blips: [blip] }), paths.dashboard.blip(blip.productId, blip._id));
    expect(await screen.findByText(/No comments yet/)).toBeVisible();
  });
});
