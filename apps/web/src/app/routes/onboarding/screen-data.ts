import type { Prefetch } from '@/app/route-data';
import { catalogueQueries } from '@/lib/catalogue-queries';

/* The onboarding steps' first reads, started by their routes' loaders while the step's code downloads. */

export const categories: Prefetch = ({ queryClient, api }) => {
  void queryClient.prefetchQuery(catalogueQueries.categories(api));
};
