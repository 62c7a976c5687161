import type { ReturnPhoto } from '@kasuwa/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

/**
 * Photos as thumbnails; a tap opens the photo large, with Previous and Next between them (a buyer's
 * proof of damage is read at full size).
 */
export function PhotoGallery({ photos, label }: { photos: readonly ReturnPhoto[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const current = open === null ? undefined : photos[open];
  return (
    <>
      <ul aria-label={label} className="flex flex-wrap gap-2">
        {photos.map((photo, i) => (
          <li key={photo._id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`Enlarge photo ${i + 1} of ${photos.length}`}
              className="block overflow-hidden rounded-control ring-1 ring-line focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <img
                src={photo.url}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
                className="size-18 bg-canvas object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={current !== undefined}
        onOpenChange={(next) => !next && setOpen(null)}
        title={`Photo ${(open ?? 0) + 1} of ${photos.length}`}
        className="sm:max-w-2xl"
        maxHeightClass="max-h-[92dvh]"
        footer={
          photos.length > 1 ? (
            <div className="flex w-full justify-between gap-2">
              <Button
                variant="secondary"
                onClick={() => setOpen((i) => ((i ?? 0) - 1 + photos.length) % photos.length)}
              >
                <ChevronLeft className="size-4" aria-hidden />
                Previous
              </Button>
              <Button variant="secondary" onClick={() => setOpen((i) => ((i ?? 0) + 1) % photos.length)}>
                Next
                <ChevronRight className="size-4" aria-hidden />
              </Button>
            </div>
          ) : undefined
        }
      >
        {current && (
          <img
            src={current.url}
            alt={`${label}, ${(open ?? 0) + 1} of ${photos.length}`}
            className="max-h-[65dvh] w-full rounded-control bg-canvas object-contain"
          />
        )}
      </Dialog>
    </>
  );
}
