// size: both sides of a conversation share one service: sending, cards, reading, quick replies and the unread e-mail task
import {
  type BuyerStartConversationBody,
  type ConversationDetail,
  type ConversationListResponse,
  conversationSocketEvents,
  MAX_QUICK_REPLIES,
  type MarkConversationReadResponse,
  type Message,
  type MessagesResponse,
  type PaymentFlag,
  paymentFlag,
  type QuickReply,
  type QuickReplyBody,
  type SendMessageBody,
  type StartConversationBody,
} from '@kasuwa/contracts';
import type { Database } from '@/db/client.ts';
import type { MessageAttachment } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import { type MessagePhotoLinks, messagePhotoKey } from '@/modules/conversations/message-photos.ts';
import type {
  ConversationDetailRow,
  MessageRow,
  MessagesRepository,
  QuickReplyRow,
  Side,
} from '@/modules/conversations/messages.repository.ts';
import { detectOffPlatformPayment } from '@/modules/conversations/payment-detector.ts';
import { sellerWants } from '@/modules/notifications/notification-preferences.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';

export const MESSAGE_TASKS = { unreadMail: 'messages.unread-mail' } as const;
/** The first e-mail about unread messages waits this long: a seller who is on the app answers first. */
export const UNREAD_MAIL_DELAY_MS = 15 * 60_000;
/** And no seller is mailed about unread messages more than once in this long. */
export const UNREAD_MAIL_INTERVAL_MS = 60 * 60_000;

export type MessagesPush = {
  toSeller: (sellerId: string, event: string, payload: unknown) => void;
  toBuyer: (buyerId: string, event: string, payload: unknown) => void;
};

type Owner = { side: 'seller'; sellerId: string } | { side: 'buyer'; buyerId: string };
const ownerKey = (o: Owner) => (o.side === 'seller' ? { sellerId: o.sellerId } : { buyerId: o.buyerId });

const naira = (kobo: number) => kobo / 100;

/** The order's state in one word, as its card shows it. */
function orderState(order: { paymentStatus: string; fulfilmentStatus: string }): string {
  return order.fulfilmentStatus === 'unfulfilled' ? order.paymentStatus : order.fulfilmentStatus;
}

function encodeCursor(row: MessageRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  if (!id || Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new BadRequestError('That page of messages does not exist');
  return { at, id };
}

export function unreadMessagesMail(to: string, storeName: string, unread: number, link: string): Mail {
  const what = unread === 1 ? '1 unread message' : `${unread} unread messages`;
  return {
    to,
    subject: `You have ${what} from buyers`,
    text: [
      `Hello ${storeName},`,
      '',
      `Buyers are waiting: you have ${what} on Kasuwa. Quick answers sell more.`,
      '',
      `Open your messages: ${link}`,
      '',
      'We send this at most once an hour while messages wait unread.',
    ].join('\n'),
  };
}

/**
 * Conversations between a seller and buyers (issue 16): starting one, sending text, photos and
 * cards, reading, the live events and the hourly e-mail about unread messages. Each call names its
 * owner (the seller, or the buyer); an id of anyone else's conversation answers 404.
 */
export function messagesService(deps: {
  db: Database;
  repo: MessagesRepository;
  clock: Clock;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'createInTransaction'>;
  push: MessagesPush;
  sendMail: (q: Queryable, mail: Mail) => Promise<void>;
  photos: MessagePhotoLinks;
  publicUrl: string;
}) {
  const { repo, clock } = deps;

  function toMessage(row: MessageRow, viewer: Side, sellerId: string): Message {
    const a: MessageAttachment | null = row.attachment ?? null;
    return {
      _id: row.id,
      conversationId: row.conversationId,
      sender: row.sender,
      kind: row.kind,
      body: row.body,
      photoUrl: a?.type === 'photo' ? deps.photos.urlOf(a.photoId) : null,
      product:
        a?.type === 'product'
          ? { productId: a.productId, name: a.name, price: naira(a.priceKobo), image: a.image, sellerId }
          : null,
      order:
        a?.type === 'order'
          ? { orderId: a.orderId, number: `KSW-${a.number}`, status: a.status, total: naira(a.totalKobo) }
          : null,
      clientId: row.clientId,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
      // The warning is for the seller alone; the buyer is never shown that their words were flagged.
      warnings:
        viewer === 'seller' && row.sender === 'buyer'
          ? row.flags.filter((f): f is PaymentFlag => paymentFlag.safeParse(f).success)
          : [],
    };
  }

  function toDetail(row: ConversationDetailRow, viewer: Side): ConversationDetail {
    return {
      _id: row.id,
      buyerName: row.buyerName,
      buyerId: row.buyerId,
      sellerId: row.sellerId,
      storeName: row.storeName,
      lastMessage: row.last
        ? {
            body: row.last.body,
            sender: row.last.sender,
            kind: row.last.kind,
            createdAt: row.last.createdAt.toISOString(),
          }
        : null,
      updatedAt: row.updatedAt.toISOString(),
      unreadCount: viewer === 'seller' ? row.unreadCount : 0,
      buyerUnreadCount: row.buyerUnreadCount,
      flagged: viewer === 'seller' && row.flagged,
    };
  }

  async function owned(owner: Owner, id: string) {
    const row = await repo.detail(ownerKey(owner), id);
    if (!row) throw new NotFoundError('Conversation');
    return row;
  }

  /** Both sides' sockets learn of a message; each gets its own view of it. */
  async function broadcast(sellerId: string, conversationId: string, row: MessageRow) {
    const detail = await repo.detail({ sellerId }, conversationId);
    if (!detail) return;
    deps.push.toSeller(detail.sellerId, conversationSocketEvents.message, {
      conversation: toDetail(detail, 'seller'),
      message: toMessage(row, 'seller', detail.sellerId),
    });
    if (detail.buyerId)
      deps.push.toBuyer(detail.buyerId, conversationSocketEvents.message, {
        conversation: toDetail(detail, 'buyer'),
        message: toMessage(row, 'buyer', detail.sellerId),
      });
    if (row.sender === 'buyer') {
      const unreadCount = await sellerUnread(detail.sellerId);
      deps.push.toSeller(detail.sellerId, conversationSocketEvents.unread, { unreadCount });
    }
  }

  const sellerUnread = (sellerId: string) => repo.sellerUnread(sellerId);

  /** Stores one message, with the buyer's notification and the unread e-mail's job in the same transaction. */
  async function store(
    conversation: ConversationDetailRow,
    sender: Side,
    input: {
      body: string;
      kind: MessageRow['kind'];
      attachment: MessageAttachment | null;
      clientId?: string | undefined;
    },
  ): Promise<Message> {
    const now = clock.now();
    const flags = sender === 'buyer' ? detectOffPlatformPayment(input.body) : [];
    const pushes: Array<() => void> = [];
    const { row, created } = await deps.db.transaction(async (tx) => {
      const result = await repo.insertMessage(tx, {
        conversationId: conversation.id,
        sender,
        kind: input.kind,
        body: input.body,
        attachment: input.attachment,
        flags,
        clientId: input.clientId ?? null,
        createdAt: now,
      });
      if (result.created && sender === 'buyer') {
        const notice = await deps.notifications.createInTransaction(tx, conversation.sellerId, {
          type: 'buyer_message',
          title: `New message from ${conversation.buyerName}`,
          message: input.body.length > 120 ? `${input.body.slice(0, 117)}...` : input.body,
          data: { conversationId: conversation.id },
        });
        pushes.push(notice.push);
        const last = await repo.lastMailed(tx, conversation.sellerId);
        const earliest = now.getTime() + UNREAD_MAIL_DELAY_MS;
        const runAt = new Date(Math.max(earliest, last ? last.getTime() + UNREAD_MAIL_INTERVAL_MS : 0));
        // One pending e-mail per seller: later messages leave its time alone.
        await deps.jobs.add(
          tx,
          MESSAGE_TASKS.unreadMail,
          { sellerId: conversation.sellerId },
          { jobKey: `messages:unread-mail:${conversation.sellerId}`, jobKeyMode: 'preserve_run_at', runAt },
        );
      }
      return result;
    });
    if (created) {
      for (const push of pushes) push();
      await broadcast(conversation.sellerId, conversation.id, row);
    }
    return toMessage(row, sender, conversation.sellerId);
  }

  async function cardOf(
    conversation: ConversationDetailRow,
    body: SendMessageBody,
  ): Promise<{ body: string; kind: MessageRow['kind']; attachment: MessageAttachment | null }> {
    if (body.kind === 'text') return { body: body.body, kind: 'text', attachment: null };
    if (body.kind === 'product') {
      const product = await repo.product(conversation.sellerId, body.productId);
      if (!product) throw new NotFoundError('Product');
      if (product.status !== 'active' && product.status !== 'out_of_stock')
        throw new BadRequestError('Only a product that is on sale can be sent');
      return {
        body: body.body ?? product.name,
        kind: 'product',
        attachment: {
          type: 'product',
          productId: product.id,
          name: product.name,
          priceKobo: product.priceKobo,
          image: product.images[0] ?? null,
        },
      };
    }
    const order = await repo.order({ sellerId: conversation.sellerId }, body.orderId);
    if (!order || order.buyerId !== conversation.buyerId) throw new NotFoundError('Order');
    return {
      body: body.body ?? `Order KSW-${order.number}`,
      kind: 'order',
      attachment: {
        type: 'order',
        orderId: order.id,
        number: order.number,
        status: orderState(order),
        totalKobo: order.totalKobo,
      },
    };
  }

  async function list(owner: Owner, query: { page: number; limit: number; q?: string | undefined }) {
    const offset = (query.page - 1) * query.limit;
    const { rows, total } =
      owner.side === 'seller'
        ? await repo.sellerPage(owner.sellerId, offset, query.limit, query.q)
        : await repo.buyerPage(owner.buyerId, offset, query.limit);
    const totalPages = Math.max(1, Math.ceil(total / query.limit));
    const result: ConversationListResponse = {
      conversations: rows.map((r) => toDetail(r, owner.side)),
      pagination: { currentPage: query.page, totalPages, total, hasMore: query.page < totalPages },
    };
    return result;
  }

  async function start(sellerId: string, buyerId: string, buyerName: string) {
    const id = await deps.db.transaction((tx) =>
      repo.findOrCreate(tx, sellerId, buyerId, buyerName, clock.now()),
    );
    return id;
  }

  const toQuickReply = (row: QuickReplyRow): QuickReply => ({
    _id: row.id,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    list,

    async get(owner: Owner, id: string) {
      return { conversation: toDetail(await owned(owner, id), owner.side) };
    },

    /** The seller writes first: about one of their orders, or to a customer (a buyer who ordered). */
    async sellerStart(sellerId: string, body: StartConversationBody) {
      let buyerId: string;
      if ('orderId' in body) {
        const order = await repo.order({ sellerId }, body.orderId);
        if (!order) throw new NotFoundError('Order');
        buyerId = order.buyerId;
      } else {
        if (!(await repo.isCustomer(sellerId, body.buyerId))) throw new NotFoundError('Customer');
        buyerId = body.buyerId;
      }
      const buyer = await repo.buyer(buyerId);
      if (!buyer) throw new NotFoundError('Customer');
      const id = await start(sellerId, buyer.id, buyer.name);
      return { conversation: toDetail(await owned({ side: 'seller', sellerId }, id), 'seller') };
    },

    /** The buyer writes to the store of a show, a blip, one of their orders, or a store they name. */
    async buyerStart(buyer: { id: string; name: string }, body: BuyerStartConversationBody) {
      let sellerId: string | null = null;
      if ('streamId' in body) sellerId = await repo.sellerOfStream(body.streamId);
      else if ('blipId' in body) sellerId = await repo.sellerOfBlip(body.blipId);
      else if ('orderId' in body)
        sellerId = (await repo.order({ buyerId: buyer.id }, body.orderId))?.sellerId ?? null;
      else sellerId = body.sellerId;
      if (!sellerId || !(await repo.sellerExists(sellerId))) throw new NotFoundError('Store');
      const id = await start(sellerId, buyer.id, buyer.name);
      return { conversation: toDetail(await owned({ side: 'buyer', buyerId: buyer.id }, id), 'buyer') };
    },

    async messages(owner: Owner, id: string, query: { before?: string | undefined; limit: number }) {
      const conversation = await owned(owner, id);
      const before = query.before ? decodeCursor(query.before) : null;
      const rows = await repo.messages(conversation.id, before, query.limit);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const result: MessagesResponse = {
        messages: page.map((r) => toMessage(r, owner.side, conversation.sellerId)),
        nextBefore: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
      return result;
    },

    async send(owner: Owner, id: string, body: SendMessageBody) {
      const conversation = await owned(owner, id);
      // Cards are the seller's: a buyer's card would let anyone show any price in the thread.
      if (owner.side === 'buyer' && body.kind !== 'text')
        throw new BadRequestError('Only text and photos can be sent');
      const content = await cardOf(conversation, body);
      return { message: await store(conversation, owner.side, { ...content, clientId: body.clientId }) };
    },

    /** Checks ownership before the upload is read, so nobody stores a file in another's conversation. */
    assertOwned: async (owner: Owner, id: string) => {
      await owned(owner, id);
    },

    async sendPhoto(owner: Owner, id: string, photoId: string) {
      const conversation = await owned(owner, id);
      return {
        message: await store(conversation, owner.side, {
          body: 'Photo',
          kind: 'photo',
          attachment: { type: 'photo', photoId, storageKey: messagePhotoKey(photoId) },
        }),
      };
    },

    async markRead(owner: Owner, id: string): Promise<MarkConversationReadResponse> {
      const conversation = await owned(owner, id);
      const at = clock.now();
      const updated = await repo.markRead(conversation.id, owner.side, at);
      if (updated > 0) {
        const event = { conversationId: conversation.id, reader: owner.side, readAt: at.toISOString() };
        // The other side sees its ticks turn; the reader's other tabs clear their counts.
        deps.push.toSeller(conversation.sellerId, conversationSocketEvents.read, event);
        if (conversation.buyerId)
          deps.push.toBuyer(conversation.buyerId, conversationSocketEvents.read, event);
      }
      if (owner.side === 'seller') {
        const unreadCount = await sellerUnread(conversation.sellerId);
        if (updated > 0)
          deps.push.toSeller(conversation.sellerId, conversationSocketEvents.unread, { unreadCount });
        return { updated, unreadCount };
      }
      return { updated, unreadCount: await repo.buyerUnread(owner.buyerId) };
    },

    async buyerUnread(buyerId: string) {
      return { unreadCount: await repo.buyerUnread(buyerId) };
    },

    /** May this socket signal typing in this conversation, and to whom. */
    async typingTarget(identity: { kind: Side; id: string }, conversationId: string) {
      const parties = await repo.parties(conversationId);
      if (!parties) return null;
      if (identity.kind === 'seller' && parties.sellerId === identity.id) return parties;
      if (identity.kind === 'buyer' && parties.buyerId === identity.id) return parties;
      return null;
    },

    quickReplies: {
      async list(sellerId: string) {
        return { quickReplies: (await repo.quickReplies.list(sellerId)).map(toQuickReply) };
      },
      async create(sellerId: string, body: QuickReplyBody) {
        if ((await repo.quickReplies.count(sellerId)) >= MAX_QUICK_REPLIES)
          throw new ConflictError(`You can keep at most ${MAX_QUICK_REPLIES} quick replies`);
        return {
          quickReply: toQuickReply(
            await repo.quickReplies.insert(sellerId, body.title, body.body, clock.now()),
          ),
        };
      },
      async update(sellerId: string, id: string, body: QuickReplyBody) {
        const row = await repo.quickReplies.update(sellerId, id, body.title, body.body);
        if (!row) throw new NotFoundError('Quick reply');
        return { quickReply: toQuickReply(row) };
      },
      async remove(sellerId: string, id: string) {
        if (!(await repo.quickReplies.remove(sellerId, id))) throw new NotFoundError('Quick reply');
        return { message: 'Quick reply deleted' };
      },
    },

    tasks: {
      /**
       * The e-mail about unread messages. Idempotent: a second run within the hour (a retry, or a
       * job added again) finds the mail already sent and does nothing; no unread messages, no mail.
       */
      async unreadMail(sellerId: string) {
        await deps.db.transaction(async (tx) => {
          const now = clock.now();
          const last = await repo.lastMailed(tx, sellerId);
          if (last && now.getTime() - last.getTime() < UNREAD_MAIL_INTERVAL_MS) return;
          const unread = await repo.sellerUnread(sellerId, tx);
          if (unread === 0) return;
          const seller = await repo.sellerEmail(sellerId, tx);
          if (!seller) return;
          // The seller may have turned message e-mails off in Settings (the in-app badge still counts).
          if (!(await sellerWants(tx, sellerId, 'messages', 'email'))) return;
          await repo.setMailed(tx, sellerId, now);
          await deps.sendMail(
            tx,
            unreadMessagesMail(
              seller.email,
              seller.storeName,
              unread,
              `${deps.publicUrl}/dashboard/messages`,
            ),
          );
        });
      },
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;
