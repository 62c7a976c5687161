import {
  type Blip,
  type BlipComment,
  type BlipCommentsResponse,
  type BlipDetailsResponse,
  type BlipReply,
  type BlipReplyResponse,
  blipReplyBody,
  type DeleteBlipResponse,
  type Product,
  type SellerBlipsResponse,
} from '@kasuwa/contracts';
import type { UploadFn } from '@/features/blips/blips-api';
import { ApiError } from '@/lib/api-client';
import type { UploadOptions } from '@/lib/upload';
import { fakeSellerApi, TEST_SELLER_ID } from '@/test/catalogue';
import { bodyCheck } from '@/test/contract-fake';
import type { Answer, Call, Override } from '@/test/in-memory-api';

/* Test helpers for the blips screens: factories and an in-memory blips API answering as the server does. */

export const SELLER_ID = TEST_SELLER_ID;
export { testProduct } from '@/test/catalogue';

let serial = 0;
const nextId = (prefix: string) => {
  serial += 1;
  return `7a2c1f8e-${prefix}-4000-8000-${String(serial).padStart(12, '0')}`;
};

export function testBlip(overrides: Partial<Blip> = {}): Blip {
  const id = nextId('0002');
  const productId = overrides.productId ?? nextId('0001');
  return {
    _id: id,
    productId,
    sellerId: SELLER_ID,
    product: { _id: productId, name: `Adire shirt ${serial}`, price: 8000, image: null },
    videoUrl: `/api/media/blips/${id}.mp4`,
    posterUrl: `/api/media/blips/${id}.webp`,
    caption: '',
    durationSeconds: 42,
    likesCount: 3,
    viewsCount: 120,
    commentsCount: 0,
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  };
}

export function testComment(overrides: Partial<BlipComment> = {}): BlipComment {
  return {
    _id: nextId('0003'),
    text: `Is this available in size ${serial}?`,
    author: { kind: 'buyer', name: `Buyer ${serial}`, id: null },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    replies: [],
    repliesCount: 0,
    ...overrides,
  };
}

export type { Call } from '@/test/in-memory-api';

/**
 * A seller's products, blips and comments behind the blip endpoints; `override` can answer any
 * call first (a failure, a refusal). Request bodies are read with the contract's schemas
 * (test/contract-fake.ts): a body the server would refuse gets its 400 and fails the test at its end.
 * Answers are typed with the contract's response types. Call it inside a test.
 */
export function blipsApi(
  initial: { products?: Product[]; blips?: Blip[]; comments?: Record<string, BlipComment[]> } = {},
  override?: Override,
) {
  let blips = [...(initial.blips ?? [])];
  const comments: Record<string, BlipComment[]> = { ...initial.comments };
  const { refusal } = bodyCheck();

  const answer = (call: Call): Answer | undefined => {
    const { method, path, query } = call;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);

    if (method === 'GET' && /^\/products\/seller\/[^/]+\/blips$/.test(path)) {
      return {
        status: 200,
        body: {
          blips: blips.slice((page - 1) * limit, page * limit),
          seller: { _id: SELLER_ID, storeName: 'Ngozi Wears', storeAvatar: { url: null } },
          currentPage: page,
          totalPages: Math.ceil(blips.length / limit),
          totalBlips: blips.length,
        } satisfies SellerBlipsResponse,
      };
    }

    const match = path.match(/^\/products\/([^/]+)\/blips\/([^/]+)(\/.*)?$/);
    if (!match) return undefined;
    const [, productId, blipId, rest] = match;
    const blip = blips.find((b) => b._id === blipId && b.productId === productId);
    if (!blip) return { status: 404, body: { message: 'Blip not found' } };
    if (method === 'GET' && !rest) return { status: 200, body: { blip } satisfies BlipDetailsResponse };
    if (method === 'DELETE' && !rest) {
      blips = blips.filter((b) => b._id !== blip._id);
      return {
        status: 200,
        body: {
          message: 'Blip deleted successfully',
          deletedBlip: { id: blip._id },
        } satisfies DeleteBlipResponse,
      };
    }
    const list = comments[blip._id] ?? [];
    if (method === 'GET' && rest === '/comments') {
      const pages = Math.ceil(list.length / limit);
      return {
        status: 200,
        body: {
          comments: list.slice((page - 1) * limit, page * limit),
          pagination: { total: list.length, pages, currentPage: page, hasMore: page < pages },
        } satisfies BlipCommentsResponse,
      };
    }
    const commentId = rest?.match(/^\/comments\/([^/]+)\/replies$/)?.[1];
    const comment = list.find((c) => c._id === commentId);
    if (method === 'POST' && comment) {
      const reply: BlipReply = {
        _id: nextId('0004'),
        parentCommentId: comment._id,
        text: blipReplyBody.parse(call.body).comment,
        author: { kind: 'seller', name: 'Ngozi Wears', id: SELLER_ID },
        createdAt: new Date().toISOString(),
      };
      comment.replies.push(reply);
      comment.repliesCount += 1;
      return { status: 201, body: { message: 'Reply added', reply } satisfies BlipReplyResponse };
    }
    return { status: 404, body: { message: 'Not found' } };
  };

  const { api, calls } = fakeSellerApi({
    products: initial.products,
    // Before any override: a test that forces an answer still sends a body the server would read.
    override: (call) => refusal(call) ?? override?.(call),
    feature: answer,
  });
  return { api, calls, blips: () => blips, comments };
}

export interface SentUpload {
  path: string;
  form: FormData;
}

/**
 * An uploader standing in for the XHR one: reports progress, then answers with a new blip, the
 * given failure, or nothing until cancelled ('hang').
 */
export function fakeUpload(result: 'ok' | 'hang' | { status: number; body?: unknown } = 'ok') {
  const sent: SentUpload[] = [];
  const upload = (<T,>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> => {
    sent.push({ path, form });
    return new Promise<T>((resolve, reject) => {
      options.signal?.addEventListener('abort', () =>
        reject(new ApiError({ status: 0, kind: 'aborted', message: 'The request was cancelled.' })),
      );
      options.onProgress?.(40, 100);
      if (result === 'hang') return;
      setTimeout(() => {
        options.onProgress?.(100, 100);
        if (result === 'ok') {
          const productId = path.split('/')[2] ?? '';
          const caption = String(form.get('caption') ?? '');
          resolve({
            message: 'Blip uploaded successfully',
            blip: testBlip({
              productId,
              product: { _id: productId, name: 'Uploaded product', price: 5000, image: null },
              caption,
              durationSeconds: 12,
              likesCount: 0,
              viewsCount: 0,
              createdAt: new Date().toISOString(),
            }),
          } as T);
          return;
        }
        const message =
          typeof result.body === 'object' && result.body !== null && 'message' in result.body
            ? String((result.body as { message: unknown }).message)
            : `The request failed (error ${result.status}). Please try again.`;
        reject(new ApiError({ status: result.status, kind: 'http', body: result.body, message }));
      }, 10);
    });
  }) as UploadFn;
  return { upload, sent };
}

/** A video file of a given size without allocating it. */
export function videoFile(name = 'clip.mp4', type = 'video/mp4', size = 4 * 1024 * 1024): File {
  const file = new File(['not really a video'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
