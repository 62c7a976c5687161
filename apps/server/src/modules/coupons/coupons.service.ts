import {
  type Coupon,
  type CouponBody,
  type CouponCheckBody,
  type CouponCheckResponse,
  type CouponStatus,
  type CouponsResponse,
  type CouponsSummaryResponse,
  couponValueText,
} from '@kasuwa/contracts';
import type { CouponRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '@/lib/errors.ts';
import { nairaText, toKobo, toNaira } from '@/lib/naira.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import {
  type CartLine,
  type CouponDecision,
  type CouponTerms,
  couponRefusalMessage,
  couponStatus,
  evaluateCoupon,
  type ShowState,
} from '@/modules/coupons/coupon-rules.ts';
import type { CouponStats, CouponsRepository } from '@/modules/coupons/coupons.repository.ts';
import { findCombination } from '@/modules/products/stock.variants.ts';

/** The most coupons a list answers (a seller with more sees the newest). */
export const COUPON_LIST_LIMIT = 500;

const termsOf = (row: CouponRow): CouponTerms => ({
  code: row.code,
  kind: row.kind as CouponTerms['kind'],
  percentOff: row.percentOff,
  amountOffKobo: row.amountOffKobo,
  minOrderKobo: row.minOrderKobo,
  maxDiscountKobo: row.maxDiscountKobo,
  usageLimit: row.usageLimit,
  perBuyerLimit: row.perBuyerLimit,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  scope: row.scope as CouponTerms['scope'],
  productIds: row.productIds,
  disabled: row.disabled,
});

const nairaOrNull = (kobo: number | null) => (kobo === null ? null : toNaira(kobo));
const koboOrNull = (naira: number | null) => (naira === null ? null : toKobo(naira));

/** What a buyer reads when the code applies: "10% off, up to ₦2,000.00 — you save ₦1,500.00". */
export const couponDescription = (row: CouponRow) =>
  couponValueText(
    {
      kind: row.kind as CouponTerms['kind'],
      percentOff: row.percentOff,
      amountOff: nairaOrNull(row.amountOffKobo),
      maxDiscount: nairaOrNull(row.maxDiscountKobo),
    },
    (n) => nairaText(toKobo(n)),
  );

/** What a checkout decided about a coupon, to be written on the order and redeemed. */
export type AppliedCoupon = { couponId: string; code: string; discountKobo: number };

/**
 * The checkout's side of coupons (wired in app.ts): `apply` runs in the order's transaction, takes
 * the coupon's row lock, counts the uses held and decides; `redeem` writes the order's use in the
 * same transaction, so two buyers racing for the last use are decided one after the other.
 */
export type CouponsPort = {
  apply(
    tx: Queryable,
    input: { sellerId: string; buyerId: string; code: string; cart: CartLine[] },
  ): Promise<AppliedCoupon>;
  redeem(
    tx: Queryable,
    input: AppliedCoupon & { orderId: string; sellerId: string; buyerId: string },
  ): Promise<void>;
};

export function couponsService({ repo, clock }: { repo: CouponsRepository; clock: Clock }) {
  async function showStates(q: Queryable, sellerId: string, rows: CouponRow[]) {
    const ids = [...new Set(rows.map((r) => r.streamId).filter((id): id is string => id !== null))];
    const shows = await repo.streamsOf(q, sellerId, ids);
    return new Map(shows.map((s) => [s.id, s]));
  }

  async function views(q: Queryable, sellerId: string, rows: CouponRow[]): Promise<Coupon[]> {
    const shows = await showStates(q, sellerId, rows);
    const productIds = [...new Set(rows.flatMap((r) => r.productIds))];
    const productRows = await repo.productsOf(q, sellerId, productIds);
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const stats = new Map<string, CouponStats>(
      (
        await repo.stats(
          q,
          sellerId,
          rows.map((r) => r.id),
        )
      ).map((s) => [s.couponId, s]),
    );
    const now = clock.now();
    return rows.map((row) => {
      const show = row.streamId ? (shows.get(row.streamId) ?? null) : null;
      const s = stats.get(row.id);
      return {
        _id: row.id,
        code: row.code,
        kind: row.kind as Coupon['kind'],
        percentOff: row.percentOff,
        amountOff: nairaOrNull(row.amountOffKobo),
        minOrder: nairaOrNull(row.minOrderKobo),
        maxDiscount: nairaOrNull(row.maxDiscountKobo),
        usageLimit: row.usageLimit,
        perBuyerLimit: row.perBuyerLimit,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt?.toISOString() ?? null,
        scope: row.scope as Coupon['scope'],
        products: row.productIds.flatMap((id) => {
          const p = productById.get(id);
          return p ? [{ _id: p.id, name: p.name, image: p.images[0] ?? null }] : [];
        }),
        show: show
          ? {
              _id: show.id,
              title: show.title,
              status: show.status,
              scheduledStartTime: show.scheduledStartTime.toISOString(),
            }
          : null,
        disabled: row.disabled,
        status: couponStatus(termsOf(row), show, now),
        uses: s?.uses ?? 0,
        paidOrders: s?.paidOrders ?? 0,
        revenue: toNaira(s?.revenueKobo ?? 0),
        discountGiven: toNaira(s?.discountKobo ?? 0),
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** Checks the products and show named are the seller's (a 400 names which), then the row's values. */
  async function recordOf(q: Queryable, sellerId: string, body: CouponBody, current: CouponRow | null) {
    const productIds = [...new Set(body.productIds)];
    const owned = await repo.productsOf(q, sellerId, productIds);
    if (owned.length !== productIds.length) throw new BadRequestError('Choose products from your own store');
    if (body.streamId) {
      const [show] = await repo.streamsOf(q, sellerId, [body.streamId]);
      if (!show) throw new BadRequestError('Choose one of your own live shows');
      // A show that ended cannot take a new live-only coupon; an existing one may keep its show.
      if (show.status === 'ended' && current?.streamId !== show.id) {
        throw new BadRequestError('That show has ended; choose a scheduled or live show');
      }
    }
    return {
      code: body.code.toUpperCase(),
      kind: body.kind,
      percentOff: body.kind === 'percentage' ? body.percentOff : null,
      amountOffKobo: body.kind === 'fixed' ? koboOrNull(body.amountOff) : null,
      minOrderKobo: koboOrNull(body.minOrder),
      maxDiscountKobo: body.kind === 'percentage' ? koboOrNull(body.maxDiscount) : null,
      usageLimit: body.usageLimit,
      perBuyerLimit: body.perBuyerLimit,
      startsAt: new Date(body.startsAt),
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      scope: body.scope,
      productIds,
      streamId: body.scope === 'live' ? body.streamId : null,
    };
  }

  const duplicate = (code: string) =>
    new ConflictError(`You already have a coupon with the code ${code.toUpperCase()}`);

  async function one(sellerId: string, id: string) {
    const row = await repo.get(repo.db, sellerId, id);
    if (!row) throw new NotFoundError('Coupon');
    const [view] = await views(repo.db, sellerId, [row]);
    if (!view) throw new NotFoundError('Coupon');
    return view;
  }

  /** The decision for a cart, the coupon looked up by code under the seller (never another's). */
  async function decide(
    q: Queryable,
    input: { sellerId: string; buyerId: string; code: string; cart: CartLine[] },
    lock: boolean,
  ): Promise<{ row: CouponRow | null; decision: CouponDecision }> {
    const row = await repo.byCode(q, input.sellerId, input.code.trim(), lock);
    if (!row) {
      return {
        row: null,
        decision: { ok: false, reason: 'unknown', message: couponRefusalMessage('unknown') },
      };
    }
    const usage = await repo.usage(q, row.id, input.buyerId);
    let show: ShowState = null;
    if (row.streamId) {
      const [s] = await repo.streamsOf(q, input.sellerId, [row.streamId]);
      show = s ? { title: s.title, status: s.status } : null;
    }
    return { row, decision: evaluateCoupon(termsOf(row), input.cart, usage, show, clock.now()) };
  }

  const port: CouponsPort = {
    async apply(tx, input) {
      const { row, decision } = await decide(tx, input, true);
      if (!row || !decision.ok) {
        throw new HttpError(409, decision.ok ? couponRefusalMessage('unknown') : decision.message);
      }
      return { couponId: row.id, code: row.code, discountKobo: decision.discountKobo };
    },
    async redeem(tx, input) {
      await repo.redeem(tx, {
        couponId: input.couponId,
        orderId: input.orderId,
        sellerId: input.sellerId,
        buyerId: input.buyerId,
        discountKobo: input.discountKobo,
        createdAt: clock.now(),
      });
    },
  };

  return {
    port,

    async list(sellerId: string, status?: CouponStatus): Promise<CouponsResponse> {
      const rows = await repo.list(repo.db, sellerId, COUPON_LIST_LIMIT);
      const all = await views(repo.db, sellerId, rows);
      const counts = { all: all.length, active: 0, scheduled: 0, expired: 0, disabled: 0 };
      for (const c of all) counts[c.status] += 1;
      return { coupons: status ? all.filter((c) => c.status === status) : all, counts };
    },

    get: one,

    async summary(sellerId: string): Promise<CouponsSummaryResponse> {
      const { coupons, counts } = await this.list(sellerId);
      return {
        active: counts.active,
        scheduled: counts.scheduled,
        redemptions: coupons.reduce((n, c) => n + c.uses, 0),
        revenue: toNaira(coupons.reduce((n, c) => n + toKobo(c.revenue), 0)),
        discountGiven: toNaira(coupons.reduce((n, c) => n + toKobo(c.discountGiven), 0)),
      };
    },

    async choices(sellerId: string) {
      const { products: productRows, shows } = await repo.choices(repo.db, sellerId);
      return {
        products: productRows.map((p) => ({
          _id: p.id,
          name: p.name,
          image: p.images[0] ?? null,
          price: toNaira(p.priceKobo),
        })),
        shows: shows.map((s) => ({
          _id: s.id,
          title: s.title,
          status: s.status,
          scheduledStartTime: s.scheduledStartTime.toISOString(),
        })),
      };
    },

    async create(sellerId: string, body: CouponBody) {
      const now = clock.now();
      try {
        const row = await repo.transaction(async (tx) =>
          repo.insert(tx, {
            sellerId,
            ...(await recordOf(tx, sellerId, body, null)),
            createdAt: now,
            updatedAt: now,
          }),
        );
        return one(sellerId, row.id);
      } catch (err) {
        if (uniqueViolation(err) === 'coupons_seller_code_key') throw duplicate(body.code);
        throw err;
      }
    },

    async update(sellerId: string, id: string, body: CouponBody) {
      try {
        await repo.transaction(async (tx) => {
          const current = await repo.get(tx, sellerId, id);
          if (!current) throw new NotFoundError('Coupon');
          const record = await recordOf(tx, sellerId, body, current);
          await repo.update(tx, sellerId, id, { ...record, updatedAt: clock.now() });
        });
      } catch (err) {
        if (uniqueViolation(err) === 'coupons_seller_code_key') throw duplicate(body.code);
        throw err;
      }
      return one(sellerId, id);
    },

    async setDisabled(sellerId: string, id: string, disabled: boolean) {
      const row = await repo.update(repo.db, sellerId, id, { disabled, updatedAt: clock.now() });
      if (!row) throw new NotFoundError('Coupon');
      return one(sellerId, id);
    },

    /** POST /api/checkout/coupons/check: the buyer's Buy now of one product, priced as checkout will. */
    async check(buyerId: string, body: CouponCheckBody): Promise<CouponCheckResponse> {
      const product = await repo.product(repo.db, body.productId);
      if (!product || product.status === 'draft' || product.status === 'archived') {
        throw new NotFoundError('Product');
      }
      let unitPriceKobo = product.priceKobo;
      if (product.variants.length > 0) {
        const found = findCombination(product, body.variant);
        if (!found.ok) throw new BadRequestError('Choose one of the options this product is sold in');
        unitPriceKobo = found.combination.priceKobo;
      }
      const { row, decision } = await decide(
        repo.db,
        {
          sellerId: product.sellerId,
          buyerId,
          code: body.code,
          cart: [{ productId: product.id, unitPriceKobo, quantity: body.quantity }],
        },
        false,
      );
      if (!row || !decision.ok) {
        return decision.ok
          ? { valid: false, reason: 'unknown', message: couponRefusalMessage('unknown') }
          : { valid: false, reason: decision.reason, message: decision.message };
      }
      return {
        valid: true,
        code: row.code,
        discount: toNaira(decision.discountKobo),
        description: couponDescription(row),
      };
    },
  };
}
export type CouponsService = ReturnType<typeof couponsService>;
