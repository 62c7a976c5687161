import { z } from 'zod';

export const vacationModeBody = z.strictObject({ isOn: z.boolean({ error: 'isOn must be true or false' }) });
export type VacationModeBody = z.infer<typeof vacationModeBody>;

/** PUT /seller/vacation-mode answers the state the server now holds (SPEC section 4 "Other"). */
export const vacationModeResponse = z.object({
  message: z.string(),
  vacationMode: z.object({ isOn: z.boolean() }),
});
export type VacationModeResponse = z.infer<typeof vacationModeResponse>;

/** One of the seller's best sellers, by units sold in paid orders. */
export const topSoldProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  /** Naira. */
  price: z.number(),
  unitsSold: z.number().int(),
  /** Naira earned from those units. */
  revenue: z.number(),
});
export type TopSoldProduct = z.infer<typeof topSoldProductSchema>;

export const TOP_SOLD_PRODUCTS_LIMIT = 5;

/** GET /seller/top-sold-products: at most five, best first. */
export const topSoldProductsResponse = z.object({ products: z.array(topSoldProductSchema) });
export type TopSoldProductsResponse = z.infer<typeof topSoldProductsResponse>;
