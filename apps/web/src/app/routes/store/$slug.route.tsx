import { useParams } from 'react-router';
import { StorePage } from '@/features/watch/store-page';

/** A store's public page: what its link (Settings) opens, for buyers with or without an account. */
export function Component() {
  const { slug = '' } = useParams();
  return <StorePage key={slug} slug={slug} />;
}
