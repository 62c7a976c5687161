import {
  type Blip,
  type BlipComment,
  type BlipCommentsResponse,
  type BlipDetailsResponse,
  type BlipLikeResponse,
  type BlipReply,
  type BlipReplyResponse,
  type BlipViewResponse,
  type BuyerAuthResponse,
  type BuyerBlipCommentResponse,
  blipReplyBody,
  buyerBlipCommentBody,
} from '@kasuwa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/app/paths';
import { BlipWatchPage } from '@/features/watch/blip-watch-page';
import { BUYER_SESSION_KEY, type BuyerSession } from '@/features/watch/buyer-session';
import { BLIP_VIEWER_KEY } from '@/features/watch/viewer-id';
import { DATA_SAVER_KEY, setDataSaver } from '@/lib/data-saver';
import { bodyCheck } from '@/test/contract-fake';
import { type Answer, type Call, fakeApiClient, type Override } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

const BLIP_ID = '7a2c1f8e-0002-4000-8000-000000000001';
const PRODUCT_ID = '7a2c1f8e-0001-4000-8000-000000000001';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const me: BuyerSession = { buyer: { _id: 'buyer-1', name: 'Chioma Okafor' }, token: 'buyer-token' };

function testBlip(over: Partial<Blip> = {}): Blip {
  return {
    _id: BLIP_ID,
    productId: PRODUCT_ID,
    sellerId: 'seller-1',
    product: { _id: PRODUCT_ID, name: 'Ankara Maxi Dress', price: 18500, image: null },
    videoUrl: '/api/media/blips/s/v.webm',
    posterUrl: '/api/media/blips/s/p.webp',
    caption: 'New in: sizes M and L',
    durationSeconds: 4,
    likesCount: 3,
    viewsCount: 40,
    commentsCount: 0,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...over,
  };
}

let serial = 0;
function testComment(text: string, over: Partial<BlipComment> = {}): BlipComment {
  serial += 1;
  return {
    _id: `7a2c1f8e-0003-4000-8000-${String(serial).padStart(12, '0')}`,
    text,
    author: { kind: 'buyer', name: `Buyer ${serial}`, id: null },
    createdAt: new Date(Date.now() - serial * 60_000).toISOString(),
    replies: [],
    repliesCount: 0,
    ...over,
  };
}

/**
 * The buyer side of one blip as the server answers it; likes are the fake buyer's. Bodies are read
 * with the contract's schemas (a refused one gets the 400 and fails the test), answers typed with
 * the contract's response types.
 */
function blipServer(
  initial: { blip?: Blip; comments?: BlipComment[]; liked?: boolean } = {},
  override?: Override,
) {
  const blip = initial.blip ?? testBlip();
  const comments = [...(initial.comments ?? [])];
  let liked = initial.liked ?? false;
  let likes = blip.likesCount;
  let views = blip.viewsCount;
  const { refusal } = bodyCheck();

  const answer = (call: Call): Answer => {
    const forced = refusal(call) ?? override?.(call);
    if (forced) return forced;
    const { method, path, query } = call;
    if (method === 'POST' && path === '/buyers/register') {
      return {
        status: 201,
        body: {
          message: 'Account created',
          buyer: me.buyer,
          token: me.token,
        } satisfies BuyerAuthResponse,
      };
    }
    if (path === `/blips/${BLIP_ID}` && method === 'GET')
      return { status: 200, body: { blip } satisfies BlipDetailsResponse };
    if (path === `/blips/${BLIP_ID}/like`) {
      if (method === 'PUT' && !liked) [liked, likes] = [true, likes + 1];
      if (method === 'DELETE' && liked) [liked, likes] = [false, likes - 1];
      return { status: 200, body: { liked, likesCount: likes } satisfies BlipLikeResponse };
    }
    if (path === `/blips/${BLIP_ID}/views` && method === 'POST') {
      views += 1;
      return { status: 200, body: { counted: true, viewsCount: views } satisfies BlipViewResponse };
    }
    if (path === `/products/${PRODUCT_ID}/blips/${BLIP_ID}/comments` && method === 'GET') {
      const page = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      const pages = Math.ceil(comments.length / limit);
      return {
        status: 200,
        body: {
          comments: comments.slice((page - 1) * limit, page * limit),
          pagination: { total: comments.length, pages, currentPage: page, hasMore: page < pages },
        } satisfies BlipCommentsResponse,
      };
    }
    if (path === `/blips/${BLIP_ID}/comments` && method === 'POST') {
      const created = testComment(buyerBlipCommentBody.parse(call.body).comment, {
        author: { kind: 'buyer', name: me.buyer.name, id: me.buyer._id },
        createdAt: new Date().toISOString(),
      });
      comments.unshift(created);
      return {
        status: 201,
        body: {
          message: 'Comment added successfully',
          comment: created,
        } satisfies BuyerBlipCommentResponse,
      };
    }
    const replyTo = path.match(/^\/blips\/[^/]+\/comments\/([^/]+)\/replies$/)?.[1];
    const parent = comments.find((c) => c._id === replyTo);
    if (method === 'POST' && parent) {
      const reply: BlipReply = {
        _id: `7a2c1f8e-0004-4000-8000-${String(++serial).padStart(12, '0')}`,
        parentCommentId: parent._id,
        text: blipReplyBody.parse(call.body).comment,
        author: { kind: 'buyer', name: me.buyer.name, id: me.buyer._id },
        createdAt: new Date().toISOString(),
      };
      return {
        status: 201,
        body: { message: 'Reply added successfully', reply } satisfies BlipReplyResponse,
      };
    }
    return { status: 404, body: { message: 'Blip not found' } };
  };
  return fakeApiClient(answer);
}

function open(fake: ReturnType<typeof blipServer>, options: { buyer?: BuyerSession } = {}) {
  if (options.buyer) localStorage.setItem(BUYER_SESSION_KEY, JSON.stringify(options.buyer));
  return renderScreen(
    paths.watchBlip(BLIP_ID),
    '/watch/blips/:blipId',
    <BlipWatchPage blipId={BLIP_ID} api={fake.api} />,
  );
}

const likeButton = () => screen.getByRole('button', { name: 'Like' });
const callsTo = (fake: ReturnType<typeof blipServer>, method: string, suffix: string) =>
  fake.calls.filter((c) => c.method === method && c.path.endsWith(suffix));

describe('the public blip page', () => {
  it('plays the blip full height with the product, its price in naira, likes, views and the caption', async () => {
    open(blipServer());
    const video = (await screen.findByLabelText('Blip of Ankara Maxi Dress')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/media/blips/s/v.webm');
    // The poster at the size the full-height frame needs on this (1x) screen.
    expect(video.getAttribute('poster')).toBe('/api/media/blips/s/p.w640.webp');
    expect(video.autoplay).toBe(true);
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    const blip = screen.getByRole('region', { name: 'Blip' });
    expect(within(blip).getByRole('heading', { name: 'Ankara Maxi Dress' })).toBeVisible();
    expect(within(blip).getByText('₦18,500.00')).toBeVisible();
    expect(within(blip).getByText('40 views')).toBeInTheDocument();
    expect(await within(blip).findByText('3 likes')).toBeInTheDocument();
    expect(within(blip).getByText('New in: sizes M and L')).toBeVisible();
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    // The comments button on the video jumps to the comments under it.
    const jump = within(blip).getByRole('link', { name: 'Comments' }).getAttribute('href') ?? '';
    expect(document.querySelector(jump)?.querySelector('h2')?.textContent).toMatch(/^Comments/);
    expect(document.title).toMatch(/^Ankara Maxi Dress · /);
  });

  it('with data-saver on, waits for a tap and shows a poster just big enough, not one for a sharp screen', async () => {
    const ratio = window.devicePixelRatio;
    Object.defineProperty(window, 'devicePixelRatio', { value: 3, configurable: true });
    try {
      const sharp = open(blipServer());
      const full = (await screen.findByLabelText('Blip of Ankara Maxi Dress')) as HTMLVideoElement;
      expect(full.getAttribute('poster')).toBe('/api/media/blips/s/p.w1080.webp');
      sharp.unmount();

      setDataSaver(true);
      open(blipServer());
      const saving = (await screen.findByLabelText('Blip of Ankara Maxi Dress')) as HTMLVideoElement;
      expect(saving.getAttribute('poster')).toBe('/api/media/blips/s/p.w640.webp');
      expect(saving.autoplay).toBe(false);
      expect(saving.getAttribute('preload')).toBe('none');
    } finally {
      localStorage.removeItem(DATA_SAVER_KEY);
      Object.defineProperty(window, 'devicePixelRatio', { value: ratio, configurable: true });
    }
  });

  it('counts a view once when the video first plays, with the id this browser keeps', async () => {
    const fake = blipServer();
    const view = open(fake);
    const video = await screen.findByLabelText('Blip of Ankara Maxi Dress');
    expect(callsTo(fake, 'POST', '/views')).toHaveLength(0);
    fireEvent.playing(video);
    fireEvent.playing(video);
    expect(await screen.findByText('41 views')).toBeInTheDocument();
    const sent = callsTo(fake, 'POST', '/views');
    expect(sent).toHaveLength(1);
    const { viewerId } = (sent[0]?.body ?? {}) as { viewerId?: string };
    expect(viewerId).toMatch(UUID);
    expect(JSON.parse(localStorage.getItem(BLIP_VIEWER_KEY) ?? 'null')).toBe(viewerId);

    // The same browser opening the page again sends the same id.
    view.unmount();
    open(fake);
    fireEvent.playing(await screen.findByLabelText('Blip of Ankara Maxi Dress'));
    await waitFor(() => expect(callsTo(fake, 'POST', '/views')).toHaveLength(2));
    expect(callsTo(fake, 'POST', '/views')[1]?.body).toEqual({ viewerId });
  });

  it('asks a visitor to sign up before liking, then likes as the new buyer', async () => {
    const user = userEvent.setup();
    const fake = blipServer();
    open(fake);
    await screen.findByText('3 likes');
    await user.click(likeButton());
    expect(callsTo(fake, 'PUT', '/like')).toHaveLength(0);

    const sheet = await screen.findByRole('dialog', { name: 'Log in to like and comment' });
    expect(
      within(sheet).getByText('Log in or sign up to like this blip. It takes a few seconds.'),
    ).toBeVisible();
    await user.click(within(sheet).getByRole('tab', { name: 'Sign up' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'Name' }), 'Chioma Okafor');
    await user.type(within(sheet).getByRole('textbox', { name: 'Email' }), 'chioma@example.ng');
    await user.type(within(sheet).getByLabelText('Password', { selector: 'input' }), 'Lekki2026market');
    await user.click(within(sheet).getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(BUYER_SESSION_KEY) ?? 'null')).toEqual(me);
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    expect(await screen.findByText('4 likes')).toBeInTheDocument();
    expect(callsTo(fake, 'PUT', '/like')).toHaveLength(1);
  });

  it('lets a buyer like and unlike, showing the count the server answers', async () => {
    const user = userEvent.setup();
    const fake = blipServer({ liked: true, blip: testBlip({ likesCount: 7 }) });
    open(fake, { buyer: me });
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    await user.click(likeButton());
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));
    expect(await screen.findByText('6 likes')).toBeInTheDocument();
    await user.click(likeButton());
    expect(await screen.findByText('7 likes')).toBeInTheDocument();
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(fake.calls.filter((c) => c.path.endsWith('/like')).map((c) => c.method)).toEqual([
      'GET',
      'DELETE',
      'PUT',
    ]);
  });

  it('forgets an expired buyer log-in when a like is refused, and asks to log in again', async () => {
    const user = userEvent.setup();
    const fake = blipServer({}, (call) =>
      call.method === 'PUT' ? { status: 401, body: { message: 'Invalid token' } } : undefined,
    );
    open(fake, { buyer: me });
    await screen.findByText('3 likes');
    await user.click(likeButton());
    const sheet = await screen.findByRole('dialog', { name: 'Log in to like and comment' });
    expect(within(sheet).getByText('Your log-in has expired. Log in again to like this blip.')).toBeVisible();
    expect(localStorage.getItem(BUYER_SESSION_KEY)).toBeNull();
    // The optimistic like is taken back (the button is behind the sheet).
    expect(screen.getByRole('button', { name: 'Like', hidden: true }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('shows the comments 10 at a time with load more, and asks a visitor to log in to comment', async () => {
    const user = userEvent.setup();
    const comments = Array.from({ length: 12 }, (_, i) => testComment(`Question ${i + 1}`));
    open(blipServer({ comments, blip: testBlip({ commentsCount: 12 }) }));
    const section = await screen.findByRole('region', { name: /Comments/ });
    expect(await within(section).findByText('Question 1')).toBeVisible();
    expect(within(section).getAllByRole('article')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: 'Load more comments' }));
    expect(await within(section).findByText('Question 12')).toBeVisible();
    expect(within(section).getAllByRole('article')).toHaveLength(12);
    expect(within(section).queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();

    expect(within(section).queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Log in or sign up to comment' }));
    expect(await screen.findByRole('dialog', { name: 'Log in to like and comment' })).toBeVisible();
  });

  it('says so when there are no comments yet', async () => {
    open(blipServer());
    expect(await screen.findByText('No comments yet. Be the first to ask!')).toBeVisible();
  });

  it('posts a buyer’s comment, trimmed, on top of the list, and a reply in its thread', async () => {
    const user = userEvent.setup();
    const older = testComment('Do you deliver to Ibadan?', {
      author: { kind: 'buyer', name: 'Tunde Bakare', id: null },
    });
    const fake = blipServer({ comments: [older], blip: testBlip({ commentsCount: 1 }) });
    open(fake, { buyer: me });
    const section = await screen.findByRole('region', { name: /Comments/ });
    await within(section).findByText('Do you deliver to Ibadan?');
    expect(within(section).getByText(/As Chioma Okafor/)).toBeVisible();

    const box = within(section).getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '  Is size 14 available?  ');
    await user.click(within(section).getByRole('button', { name: 'Post comment' }));
    expect(await within(section).findByText('Is size 14 available?')).toBeVisible();
    expect(callsTo(fake, 'POST', '/comments')[0]?.body).toEqual({ comment: 'Is size 14 available?' });
    expect((box as HTMLTextAreaElement).value).toBe('');
    const articles = within(section).getAllByRole('article');
    expect(articles[0]?.getAttribute('aria-label')).toBe('Comment by Chioma Okafor');
    expect(within(section).getByText('(2)')).toBeVisible();

    const tunde = within(section).getByRole('article', { name: 'Comment by Tunde Bakare' });
    await user.click(within(tunde).getByRole('button', { name: 'Reply to Tunde Bakare' }));
    await user.type(within(tunde).getByRole('textbox', { name: 'Reply to Tunde Bakare' }), 'Me too!');
    await user.click(within(tunde).getByRole('button', { name: 'Send reply' }));
    const replies = await within(tunde).findByRole('list', { name: 'Replies to Tunde Bakare' });
    expect(within(replies).getByText('Me too!')).toBeVisible();
    expect(within(tunde).getByText('1 reply')).toBeVisible();
    expect(fake.calls.some((c) => c.path === `/blips/${BLIP_ID}/comments/${older._id}/replies`)).toBe(true);
  });

  it("keeps a comment the server refused in the box, with the server's reason", async () => {
    const user = userEvent.setup();
    const fake = blipServer({}, (call) =>
      call.method === 'POST' && call.path.endsWith('/comments')
        ? { status: 429, body: { message: 'Too many requests. Please try again in 1 minute.' } }
        : undefined,
    );
    open(fake, { buyer: me });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Too many requests. Please try again in 1 minute.',
    );
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('says the blip is not found for an unknown or removed blip', async () => {
    open(
      blipServer({}, (call) =>
        call.method === 'GET' ? { status: 404, body: { message: 'Blip not found' } } : undefined,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Blip not found' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers to try again when the blip could not be loaded', async () => {
    let failing = true;
    const user = userEvent.setup();
    open(blipServer({}, (call) => (failing && call.method === 'GET' ? 'network-error' : undefined)));
    expect(
      await screen.findByRole('heading', { name: 'This blip could not be loaded' }, { timeout: 5000 }),
    ).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ankara Maxi Dress' })).toBeVisible();
  });
});
