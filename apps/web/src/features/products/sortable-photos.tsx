import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { PHOTO_GRID_CLASSES, type PhotoGridProps } from '@/features/products/photo-grid';

/*
 * The reorderable photo grid. It is its own chunk, loaded once there are two photos to order, so
 * the drag-and-drop library is not part of the add-product screen's first download.
 */

function position(ids: UniqueIdentifier[], id: UniqueIdentifier | undefined) {
  return id === undefined ? 0 : ids.indexOf(id) + 1;
}

function SortableTile({
  id,
  index,
  children,
}: {
  id: string;
  index: number;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Reorder photo ${index + 1}`}
      className="flex size-10 touch-none items-center justify-center rounded-control bg-surface/90 text-ink shadow-sm hover:bg-surface"
    >
      <GripVertical className="size-5" aria-hidden />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-80' : undefined}
    >
      {children(handle)}
    </li>
  );
}

export default function SortablePhotoGrid({ ids, onReorder, renderTile }: PhotoGridProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // On a phone a drag starts after a short press, so scrolling past the photos still scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move a photo, press Space or Enter, use the arrow keys to choose its place, then press Space or Enter again. Escape cancels. The first photo is the cover.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up photo ${position(ids, active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `Photo ${position(ids, active.id)} is over position ${position(ids, over.id)}.`
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? `Photo ${position(ids, active.id)} moved to position ${position(ids, over.id)}.`
              : `Photo ${position(ids, active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving photo ${position(ids, active.id)} cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className={PHOTO_GRID_CLASSES}>
          {ids.map((id, index) => (
            <SortableTile key={id} id={id} index={index}>
              {(handle) => renderTile(id, index, handle)}
            </SortableTile>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
