import { useId } from 'react';
import type { VariantState } from '@/features/products/variant-builder';
import { VariantPhotoButton } from '@/features/products/variant-photos';

/** Photos for each value of the first option (each colour), shown above the combinations. */
export function TopLevelPhotos({
  optionName,
  variants,
  onOpen,
}: {
  optionName: string;
  variants: VariantState['variants'];
  onOpen: (index: number, value: string, images: string[], opener: HTMLElement) => void;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-control border border-line p-3"
    >
      <h3 id={headingId} className="font-semibold text-ink text-sm">
        Photos by {optionName}
      </h3>
      <p className="text-ink-muted text-sm">
        Buyers see these when they choose a {optionName.toLowerCase()}. A combination below can have photos of
        its own.
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {variants.map((v, i) => (
          <li key={v.value} className="flex items-center gap-2">
            <VariantPhotoButton
              label={v.value}
              images={v.images}
              onOpen={(opener) => onOpen(i, v.value, v.images, opener)}
            />
            <span className="font-medium text-ink text-sm">{v.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
