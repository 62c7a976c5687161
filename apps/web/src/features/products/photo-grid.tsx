import { lazy, type ReactNode, Suspense } from 'react';

export const PHOTO_GRID_CLASSES = 'grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5';
/** A tile of that grid: a third of a phone's width, at most about 160 px on wider screens. */
export const PHOTO_TILE_SLOT = { sizes: '(min-width: 640px) 160px, 33vw', width: 130 };

export interface PhotoGridProps {
  ids: string[];
  onReorder: (ids: string[]) => void;
  /** One tile; `handle` is the drag handle once reordering is available, else null. */
  renderTile: (id: string, index: number, handle: ReactNode) => ReactNode;
}

const SortablePhotoGrid = lazy(() => import('@/features/products/sortable-photos'));

function PlainGrid({ ids, renderTile }: PhotoGridProps) {
  return (
    <ul className={PHOTO_GRID_CLASSES}>
      {ids.map((id, index) => (
        <li key={id}>{renderTile(id, index, null)}</li>
      ))}
    </ul>
  );
}

/** The photos in order; reordering (and its library) arrives once there are two photos to order. */
export function PhotoGrid(props: PhotoGridProps) {
  if (props.ids.length < 2) return <PlainGrid {...props} />;
  return (
    <Suspense fallback={<PlainGrid {...props} />}>
      <SortablePhotoGrid {...props} />
    </Suspense>
  );
}
