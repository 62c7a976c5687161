import {
  CAMPAIGN_ATTRIBUTION_DAYS,
  CAMPAIGN_AUDIENCE_LABELS,
  CAMPAIGNS_PER_DAY,
  type Campaign,
  type CampaignResponse,
  type CampaignsResponse,
  type CampaignsSummary,
  type createCampaignBody,
} from '@kasuwa/contracts';
import { stateDisplayName } from '@kasuwa/reference-data';
import type { z } from 'zod';
import type { CampaignAttachmentRecord, CampaignAudienceRecord, CampaignRow } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '@/lib/errors.ts';
import { lagosDateTime } from '@/lib/lagos-time.ts';
import type { Mailer } from '@/mail/mailer.ts';
import type { AudienceRepository } from '@/modules/audience/audience.repository.ts';
import { CAMPAIGN_IMAGE_KEY } from '@/modules/audience/campaign-images.ts';
import { campaignImageUrl } from '@/modules/audience/inbox.service.ts';
import { nigerianStateName } from '@/modules/checkout/delivery-rules.ts';
import { lagosDayStart, type NotificationsService } from '@/modules/notifications/notifications.service.ts';

export const CAMPAIGN_TASKS = {
  /** Starts a campaign's delivery at its time (job key `campaign:<id>:send`: one owner across nodes). */
  send: 'campaigns.send',
  /** Delivers one batch into inboxes and queues the next (job key `campaign:<id>:batch`). */
  batch: 'campaigns.deliver-batch',
  /** E-mails the copies of one delivered batch. */
  mail: 'campaigns.mail-batch',
} as const;

/** Buyers per delivery job: a batch is one short transaction, so the API never waits on a send. */
export const DEFAULT_CAMPAIGN_BATCH = 1_000;
const DAY_MS = 24 * 3_600_000;
/** E-mail copies marked sent together. */
const MAIL_CHUNK = 50;
/** A slow form or a phone clock a little behind may ask for a moment just past. */
const SCHEDULE_SLACK_MS = 60_000;
/** How far ahead a campaign may be scheduled. */
const MAX_SCHEDULE_AHEAD_MS = 60 * DAY_MS;

type CreateBody = z.output<typeof createCampaignBody>;
const kobo = (k: number) => Math.round(k) / 100;

function audienceLabel(a: CampaignAudienceRecord): string {
  const base = CAMPAIGN_AUDIENCE_LABELS[a.kind];
  if (a.kind === 'states') return `${base}: ${a.states.map(stateDisplayName).join(', ')}`;
  if (a.kind === 'product_buyers') return `${base} (${a.productIds.length})`;
  return base;
}

function attachmentView(a: CampaignAttachmentRecord): Campaign['attachment'] {
  switch (a.kind) {
    case 'none':
      return { kind: 'none', label: null, id: null };
    case 'product':
      return { kind: 'product', label: a.label, id: a.productId };
    case 'show':
      return { kind: 'show', label: a.label, id: a.streamId };
    case 'coupon':
      return { kind: 'coupon', label: a.code, id: null };
  }
}

/** Where a tap on the campaign in the buyer's inbox goes. */
function attachmentLink(a: CampaignAttachmentRecord, sellerId: string) {
  if (a.kind === 'product') {
    const params = new URLSearchParams({ productId: a.productId, sellerId, quantity: '1' });
    return { link: `/checkout/buy?${params}`, linkLabel: 'Buy now', couponCode: null };
  }
  if (a.kind === 'show') return { link: `/watch/${a.streamId}`, linkLabel: 'See the show', couponCode: null };
  if (a.kind === 'coupon') return { link: null, linkLabel: null, couponCode: a.code };
  return { link: null, linkLabel: null, couponCode: null };
}

/**
 * Inbox campaigns: compose, count the audience live, send now or at a time (a keyed job, so one
 * node sends it), deliver in batches into buyers' Updates inboxes with an e-mail copy, and read
 * the results (orders attributed to a click within 7 days). At most CAMPAIGNS_PER_DAY a day.
 */
export function campaignsService(deps: {
  repo: AudienceRepository;
  clock: Clock;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'create'>;
  mailer: Mailer;
  publicUrl: string;
  batchSize?: number;
}) {
  const { repo, clock, jobs } = deps;
  const batchSize = deps.batchSize ?? DEFAULT_CAMPAIGN_BATCH;

  async function views(sellerId: string, rows: CampaignRow[]): Promise<Campaign[]> {
    const results = await repo.results(
      repo.db,
      sellerId,
      rows.map((r) => r.id),
      CAMPAIGN_ATTRIBUTION_DAYS,
    );
    return rows.map((row) => {
      const r = results.get(row.id) ?? { opened: 0, clicked: 0, orders: 0, revenueKobo: 0 };
      return {
        _id: row.id,
        title: row.title,
        message: row.message,
        imageUrl: campaignImageUrl(row.image),
        attachment: attachmentView(row.attachment),
        audience: row.audience,
        audienceLabel: audienceLabel(row.audience),
        status: row.status,
        scheduledAt: row.scheduledAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        results: {
          recipients: row.recipients,
          delivered: row.delivered,
          opened: r.opened,
          clicked: r.clicked,
          orders: r.orders,
          revenue: kobo(r.revenueKobo),
        },
      };
    });
  }

  async function view(sellerId: string, row: CampaignRow): Promise<Campaign> {
    const [one] = await views(sellerId, [row]);
    if (!one) throw new NotFoundError('Campaign');
    return one;
  }

  /** The audience as stored: states by their spelling in orders, products and the show the seller's own. */
  async function checkedAudience(
    sellerId: string,
    a: CreateBody['audience'],
  ): Promise<CampaignAudienceRecord> {
    if (a.kind === 'states') {
      const states = [...new Set(a.states.map((s) => nigerianStateName(s)))];
      if (states.some((s) => s === null)) throw new BadRequestError('audience: choose Nigerian states only');
      return { kind: 'states', states: states as string[] };
    }
    if (a.kind === 'product_buyers') {
      const ids = [...new Set(a.productIds)];
      if ((await repo.sellerProductCount(repo.db, sellerId, ids)) !== ids.length) {
        throw new BadRequestError('audience: a product was not found in your store');
      }
      return { kind: 'product_buyers', productIds: ids };
    }
    if (a.kind === 'show_attendees') {
      const stream = await repo.stream(repo.db, a.streamId);
      if (stream?.sellerId !== sellerId) throw new BadRequestError('audience: the show was not found');
      return a;
    }
    return a;
  }

  async function checkedAttachment(
    sellerId: string,
    a: CreateBody['attachment'],
  ): Promise<CampaignAttachmentRecord> {
    if (a.kind === 'product') {
      const product = await repo.sellerProduct(repo.db, sellerId, a.productId);
      if (!product) throw new BadRequestError('attachment: the product was not found in your store');
      return { kind: 'product', productId: product.id, label: product.name };
    }
    if (a.kind === 'show') {
      const stream = await repo.stream(repo.db, a.streamId);
      if (stream?.sellerId !== sellerId) throw new BadRequestError('attachment: the show was not found');
      return { kind: 'show', streamId: stream.id, label: stream.title };
    }
    if (a.kind === 'coupon') return { kind: 'coupon', code: a.code.toUpperCase() };
    return { kind: 'none' };
  }

  const tasks = {
    async send(campaignId: string): Promise<void> {
      const started = await repo.transaction(async (tx) => {
        const row = await repo.lockCampaign(tx, campaignId);
        if (row?.status !== 'scheduled') return null;
        if (row.scheduledAt.getTime() > clock.now().getTime()) return null;
        const recipients = await repo.countAudience(tx, row.sellerId, row.audience);
        await repo.updateCampaign(tx, row.id, { status: 'sending', sentAt: clock.now(), recipients });
        await jobs.add(
          tx,
          CAMPAIGN_TASKS.batch,
          { campaignId, after: null },
          { jobKey: `campaign:${campaignId}:batch` },
        );
        return { ...row, recipients };
      });
      if (started) {
        await deps.notifications.create(started.sellerId, {
          type: 'new_campaign',
          title: 'Campaign sent',
          message: `"${started.title}" is going out to ${started.recipients} ${started.recipients === 1 ? 'buyer' : 'buyers'}.`,
          data: { campaignId },
        });
      }
    },

    async batch(campaignId: string, after: string | null): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await repo.lockCampaign(tx, campaignId);
        if (row?.status !== 'sending') return;
        // By id after a cursor: a retried or repeated batch reads the same slice and inserts nothing twice.
        const batch = await repo.deliverBatch(tx, row, after, batchSize, {
          ...attachmentLink(row.attachment, row.sellerId),
          at: clock.now(),
        });
        if (batch.reached.length > 0) {
          await repo.addDelivered(tx, row.id, batch.reached.length);
          await jobs.add(tx, CAMPAIGN_TASKS.mail, { campaignId, buyerIds: batch.reached });
        }
        if (batch.size === batchSize && batch.last) {
          await jobs.add(
            tx,
            CAMPAIGN_TASKS.batch,
            { campaignId, after: batch.last },
            { jobKey: `campaign:${campaignId}:batch` },
          );
        } else {
          await repo.updateCampaign(tx, row.id, { status: 'sent' });
        }
      });
    },

    /** Each copy is marked as it goes, so a retried job mails only the ones not sent yet. */
    async mail(campaignId: string, buyerIds: string[]): Promise<void> {
      const row = await repo.campaignById(repo.db, campaignId);
      if (!row) return;
      const storeName = (await repo.storeName(repo.db, row.sellerId)) ?? 'A store';
      const pending = await repo.unmailed(repo.db, campaignId, buyerIds);
      // Marked 50 at a time: a retry after a failure resends at most the copies of one chunk.
      for (let start = 0; start < pending.length; start += MAIL_CHUNK) {
        const chunk = pending.slice(start, start + MAIL_CHUNK);
        for (const item of chunk) {
          await deps.mailer.send({
            to: item.email,
            subject: `${storeName}: ${row.title}`,
            text: `Hello ${item.name},\n\n${row.message}\n\nSee it in your Kasuwa updates: ${deps.publicUrl}/my-updates\n\nYou get this because you follow or bought from ${storeName}. Turn its updates off from your updates page.\n\nKasuwa`,
          });
        }
        await repo.markEmailed(
          repo.db,
          chunk.map((i) => i.id),
          clock.now(),
        );
        // Lets the requests this process serves in between go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };

  return {
    tasks,

    async audienceCount(sellerId: string, audience: CreateBody['audience']): Promise<{ count: number }> {
      const checked = await checkedAudience(sellerId, audience);
      return { count: await repo.countAudience(repo.db, sellerId, checked) };
    },

    async create(sellerId: string, body: CreateBody): Promise<CampaignResponse> {
      const now = clock.now();
      const at = body.scheduledAt ? new Date(body.scheduledAt) : now;
      if (at.getTime() < now.getTime() - SCHEDULE_SLACK_MS) {
        throw new BadRequestError('scheduledAt: choose a time in the future');
      }
      if (at.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_MS) {
        throw new BadRequestError('scheduledAt: schedule at most 60 days ahead');
      }
      const sendAt = at.getTime() < now.getTime() ? now : at;
      const scheduled = sendAt.getTime() > now.getTime();
      const [audience, attachment] = await Promise.all([
        checkedAudience(sellerId, body.audience),
        checkedAttachment(sellerId, body.attachment),
      ]);
      if (body.image && !(CAMPAIGN_IMAGE_KEY.test(body.image) && body.image.startsWith(`${sellerId}/`))) {
        throw new BadRequestError('image: upload the image first');
      }
      const row = await repo.transaction(async (tx) => {
        await repo.lockSeller(tx, sellerId);
        const dayStart = lagosDayStart(sendAt);
        const sameDay = await repo.countInDay(tx, sellerId, dayStart, new Date(dayStart.getTime() + DAY_MS));
        if (sameDay >= CAMPAIGNS_PER_DAY) {
          throw new TooManyRequestsError(
            `You can send at most ${CAMPAIGNS_PER_DAY} campaigns a day. Schedule this one for another day.`,
          );
        }
        const row = await repo.insertCampaign(tx, {
          sellerId,
          title: body.title,
          message: body.message,
          image: body.image ?? null,
          attachment,
          audience,
          status: 'scheduled',
          scheduledAt: sendAt,
          createdAt: now,
        });
        await jobs.add(
          tx,
          CAMPAIGN_TASKS.send,
          { campaignId: row.id },
          { runAt: sendAt, jobKey: `campaign:${row.id}:send` },
        );
        return row;
      });
      if (scheduled) {
        await deps.notifications.create(sellerId, {
          type: 'campaign_scheduled',
          title: 'Campaign scheduled',
          message: `"${row.title}" goes out ${lagosDateTime(sendAt)} (Lagos time).`,
          data: { campaignId: row.id },
        });
      }
      return {
        message: scheduled ? 'Campaign scheduled' : 'Campaign is being sent',
        campaign: await view(sellerId, row),
      };
    },

    async cancel(sellerId: string, id: string): Promise<CampaignResponse> {
      const row = await repo.transaction(async (tx) => {
        const found = await repo.findCampaign(tx, sellerId, id);
        if (!found) throw new NotFoundError('Campaign');
        const locked = await repo.lockCampaign(tx, id);
        if (locked?.status !== 'scheduled')
          throw new ConflictError('Only a scheduled campaign can be cancelled');
        await repo.updateCampaign(tx, id, { status: 'cancelled' });
        await jobs.remove(tx, `campaign:${id}:send`);
        return { ...locked, status: 'cancelled' as const };
      });
      return { message: 'Campaign cancelled', campaign: await view(sellerId, row) };
    },

    async get(sellerId: string, id: string): Promise<Campaign> {
      const row = await repo.findCampaign(repo.db, sellerId, id);
      if (!row) throw new NotFoundError('Campaign');
      return view(sellerId, row);
    },

    async list(
      sellerId: string,
      query: { page: number; limit: number; status?: CampaignRow['status'] | undefined },
    ): Promise<CampaignsResponse> {
      const { rows, total } = await repo.pageCampaigns(
        repo.db,
        sellerId,
        query.status,
        (query.page - 1) * query.limit,
        query.limit,
      );
      const totalPages = Math.max(1, Math.ceil(total / query.limit));
      return {
        campaigns: await views(sellerId, rows),
        pagination: { currentPage: query.page, totalPages, total, hasMore: query.page < totalPages },
      };
    },

    async summary(sellerId: string): Promise<CampaignsSummary> {
      const now = clock.now();
      const dayStart = lagosDayStart(now);
      const [counts, today, followers, last] = await Promise.all([
        repo.statusCounts(repo.db, sellerId),
        repo.countInDay(repo.db, sellerId, dayStart, new Date(dayStart.getTime() + DAY_MS)),
        repo.followerCount(repo.db, sellerId),
        repo.latestSent(repo.db, sellerId),
      ]);
      return {
        sent: (counts.get('sent') ?? 0) + (counts.get('sending') ?? 0),
        scheduled: counts.get('scheduled') ?? 0,
        remainingToday: Math.max(0, CAMPAIGNS_PER_DAY - today),
        followers,
        last: last ? await view(sellerId, last) : null,
      };
    },
  };
}
export type CampaignsService = ReturnType<typeof campaignsService>;
