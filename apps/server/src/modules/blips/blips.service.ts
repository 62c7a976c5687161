import { randomUUID } from 'node:crypto';
import {
  BLIP_CAPTION_FIELD,
  BLIP_POSTER_FIELD,
  BLIP_VIDEO_FIELD,
  type BlipDetailsResponse,
  type BlipUploadResponse,
  blipCaptionSchema,
  type DeleteBlipResponse,
  IMAGE_CONTENT_TYPES,
  MAX_BLIP_CAPTION_LENGTH,
  MAX_BLIP_DURATION_SECONDS,
  MAX_BLIP_POSTER_BYTES,
  MAX_BLIP_VIDEO_BYTES,
  type SellerBlipsQuery,
  type SellerBlipsResponse,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, NotFoundError } from '@/lib/errors.ts';
import {
  ALL_PRODUCT_STATUSES,
  blipAccess,
  PUBLIC_PRODUCT_STATUSES,
  toBlip,
} from '@/modules/blips/blip-view.ts';
import type { BlipsRepository } from '@/modules/blips/blips.repository.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { type ImageSizes, sizedKeysOf, splitSizedKey } from '@/uploads/image-sizes.ts';
import { renderImageWithin } from '@/uploads/images.ts';
import { discard, type ReceivedFile, receiveForm } from '@/uploads/multipart-files.ts';
import { sniffVideo, type VideoType, videoDurationSeconds } from '@/uploads/videos.ts';

/** Long side of a poster: a full phone screen. */
const POSTER_MAX_SIDE = 1280;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MEDIA_FILE = new RegExp(`^(${UUID})/(${UUID})\\.(mp4|webm|mov|webp)$`);
const MEDIA_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  webp: 'image/webp',
};

type Deps = {
  repo: BlipsRepository;
  storage: FileStorage;
  /** The posters' sizes (uploads/image-sizes.ts): queued at upload, served at `<id>.w<width>.<format>`. */
  sizes: Pick<ImageSizes, 'open' | 'schedule'>;
  clock: Clock;
};

/**
 * The blips themselves: a seller uploads, lists and deletes them; anyone reads them and their
 * video. Comments are blip-comments.service.ts, likes and views blip-reactions.service.ts.
 */
export function blipsService({ repo, storage, sizes, clock }: Deps) {
  const access = blipAccess(repo);

  /** Checks the video and reads its length; a blip is short by definition. */
  async function checkVideo(file: ReceivedFile): Promise<{ type: VideoType; durationMs: number }> {
    const type = await sniffVideo(file);
    const seconds = await videoDurationSeconds(file.scratchPath, type);
    if (seconds === null) {
      throw new BadRequestError(
        "video: could not read the video's length; record it again or export it as MP4 and retry",
      );
    }
    if (seconds > MAX_BLIP_DURATION_SECONDS + 0.5) {
      throw new BadRequestError(
        `video: the video is ${Math.round(seconds)} seconds long; a blip can be at most ${MAX_BLIP_DURATION_SECONDS} seconds`,
      );
    }
    return { type, durationMs: Math.round(seconds * 1000) };
  }

  return {
    /**
     * POST /products/{productId}/blips. The files wait in the scratch folder until every check has
     * passed; a failure after they are stored removes them, so there is never a blip without its
     * video nor a video without its blip.
     */
    async upload(sellerId: string, productId: string, request: FastifyRequest): Promise<BlipUploadResponse> {
      const product = await repo.findProduct(productId);
      // Another seller's product answers as missing (BOLA).
      if (!product || product.sellerId !== sellerId) throw new NotFoundError('Product');

      const form = await receiveForm(request, {
        files: {
          [BLIP_VIDEO_FIELD]: { maxBytes: MAX_BLIP_VIDEO_BYTES, label: 'a video' },
          [BLIP_POSTER_FIELD]: { maxBytes: MAX_BLIP_POSTER_BYTES, label: 'a poster' },
        },
        // Room for surrounding spaces; the trimmed caption is checked below.
        text: { [BLIP_CAPTION_FIELD]: MAX_BLIP_CAPTION_LENGTH * 2 },
        scratchDir: storage.scratchDir,
      });
      const stored: string[] = [];
      try {
        const video = form.files.find((f) => f.field === BLIP_VIDEO_FIELD);
        if (!video) {
          throw new BadRequestError(
            `video is required: send the video in the multipart field "${BLIP_VIDEO_FIELD}"`,
          );
        }
        const caption = blipCaptionSchema.safeParse(form.text[BLIP_CAPTION_FIELD] ?? '');
        if (!caption.success) {
          throw new BadRequestError(caption.error.issues[0]?.message ?? 'caption is not valid');
        }
        const { type, durationMs } = await checkVideo(video);
        const posterFile = form.files.find((f) => f.field === BLIP_POSTER_FIELD);
        const poster = posterFile ? await renderImageWithin(posterFile, POSTER_MAX_SIDE) : null;

        const base = `public/blips/${sellerId}/${randomUUID()}`;
        const videoKey = `${base}.${type.ext}`;
        await storage.putFile(videoKey, video.scratchPath);
        stored.push(videoKey);
        let posterKey: string | null = null;
        if (poster) {
          posterKey = `public/blips/${sellerId}/${randomUUID()}.webp`;
          await storage.putBuffer(posterKey, poster);
          stored.push(posterKey);
        }
        const id = await repo.insert({
          sellerId,
          productId,
          videoKey,
          videoMime: type.mime,
          posterKey,
          caption: caption.data,
          durationMs,
          createdAt: clock.now(),
        });
        if (posterKey) await sizes.schedule(posterKey);
        const view = await repo.find(id);
        if (!view) throw new NotFoundError('Blip');
        return { message: 'Blip uploaded successfully', blip: toBlip(view) };
      } catch (err) {
        await storage.delete(stored);
        throw err;
      } finally {
        await discard(form.files);
      }
    },

    async listForSeller(
      sellerId: string,
      viewerId: string | null,
      query: SellerBlipsQuery,
    ): Promise<SellerBlipsResponse> {
      const seller = await repo.sellerCard(sellerId);
      if (!seller) throw new NotFoundError('Seller');
      const statuses = viewerId === sellerId ? ALL_PRODUCT_STATUSES : PUBLIC_PRODUCT_STATUSES;
      const { views, total } = await repo.pageForSeller(
        sellerId,
        statuses,
        (query.page - 1) * query.limit,
        query.limit,
      );
      return {
        blips: views.map(toBlip),
        seller: { _id: seller.id, storeName: seller.storeName, storeAvatar: { url: seller.storeAvatarUrl } },
        currentPage: query.page,
        totalPages: Math.ceil(total / query.limit),
        totalBlips: total,
      };
    },

    async get(productId: string, blipId: string, viewerId: string | null): Promise<BlipDetailsResponse> {
      return { blip: toBlip(await access.visible(productId, blipId, viewerId)) };
    },

    /** GET /blips/{blipId}: the public blip page's blip; only blips of products buyers may see. */
    async getPublic(blipId: string): Promise<BlipDetailsResponse> {
      return { blip: toBlip(await access.public(blipId)) };
    },

    async delete(sellerId: string, productId: string, blipId: string): Promise<DeleteBlipResponse> {
      await access.own(sellerId, productId, blipId);
      const row = await repo.delete(blipId, sellerId);
      if (!row) throw new NotFoundError('Blip');
      await storage.delete(
        row.posterKey ? [row.videoKey, row.posterKey, ...sizedKeysOf(row.posterKey)] : [row.videoKey],
      );
      return { message: 'Blip deleted successfully', deletedBlip: { id: row.id } };
    },

    /**
     * A blip's video or poster by its path below /api/media/blips/ (`<seller>/<file>`), with its
     * content type: for anyone while the blip's product is visible to buyers, otherwise only for
     * its seller (`viewerSellerId`, from a token or the dashboard's media cookie) and the same 404
     * as a missing file for everyone else, as product photos (issue 18).
     */
    async openMedia(path: string, viewerSellerId: string | null) {
      // A poster's size (`<id>.w320.avif`) follows its poster's rule.
      const sized = splitSizedKey(`public/blips/${path}`);
      const file = sized ? sized.original.slice('public/blips/'.length) : path;
      const match = MEDIA_FILE.exec(file);
      if (!match || (sized && match[3] !== 'webp')) throw new NotFoundError('File');
      const key = `public/blips/${file}`;
      const owner = viewerSellerId !== null && viewerSellerId === match[1];
      if (!owner && !(await repo.fileIsPublic(key))) throw new NotFoundError('File');
      const found = sized ? await sizes.open(key, sized.width, sized.format) : await storage.read(key);
      if (!found) throw new NotFoundError('File');
      return {
        ...found,
        contentType: sized
          ? IMAGE_CONTENT_TYPES[sized.format]
          : (MEDIA_TYPES[match[3] ?? ''] ?? 'application/octet-stream'),
        cache: owner ? ('private' as const) : ('public' as const),
      };
    },
  };
}
export type BlipsService = ReturnType<typeof blipsService>;
