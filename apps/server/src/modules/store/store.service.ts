import type { TopSoldProductsResponse, VacationModeResponse } from '@kasuwa/contracts';
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

    async topSoldProducts(_sellerId: string): Promise<TopSoldProductsResponse> {
      // Products and orders do not exist yet (later issues add their tables). Until then no seller
      // has sold anything, and an honest empty list is the true answer, in the final shape.
      return { products: [] };
    },
  };
}
export type StoreService = ReturnType<typeof storeService>;
