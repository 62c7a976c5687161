import {
  TOP_SOLD_PRODUCTS_LIMIT,
  type TopSoldProductsResponse,
  type VacationModeResponse,
} from '@kasuwa/contracts';
import { toNaira } from '@/lib/naira.ts';
import type { StoreRepository } from '@/modules/store/store.repository.ts';

/** The seller's store as a whole: vacation mode and the best sellers shown on the dashboard home. */
export function storeService({ repo }: { repo: StoreRepository }) {
  return {
    async setVacationMode(sellerId: string, isOn: boolean): Promise<VacationModeResponse> {
      const now = await repo.setVacationMode(repo.db, sellerId, isOn);
      return {
        message: now ? 'Vacation mode enabled successfully' : 'Vacation mode disabled successfully',
        vacationMode: { isOn: now },
      };
    },

    async topSoldProducts(sellerId: string): Promise<TopSoldProductsResponse> {
      const rows = await repo.topSoldProducts(repo.db, sellerId, TOP_SOLD_PRODUCTS_LIMIT);
      return {
        products: rows.map((r) => ({
          _id: r.id,
          name: r.name,
          imageUrl: r.image,
          price: toNaira(r.price_kobo),
          unitsSold: r.units,
          revenue: toNaira(r.sales_kobo),
        })),
      };
    },
  };
}
export type StoreService = ReturnType<typeof storeService>;
