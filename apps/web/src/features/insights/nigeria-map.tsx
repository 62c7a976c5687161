import nigeriaShapes from '@svg-maps/nigeria';
import { formatNaira } from '@/lib/money';

/*
 * Sales by state on a map of Nigeria. The shapes are @svg-maps/nigeria (CC BY 4.0, 24 KB gzipped,
 * loaded with this screen only); the states and their names are the reference data's, matched to
 * the shapes by slug (the shapes spell Nasarawa "nassarawa"). The map is a picture: the table
 * beside it says the same in words, so screen readers get the table and the map's summary.
 */
/** The package types its map through @types/svg-maps__common, which we do not install: its shape is this. */
const nigeria = nigeriaShapes as unknown as {
  viewBox: string;
  locations: ReadonlyArray<{ id: string; name: string; path: string }>;
};

const SHAPE_ID: Readonly<Record<string, string>> = { nasarawa: 'nassarawa' };
export const shapeIdOf = (stateName: string) => {
  const slug = stateName.trim().toLowerCase().replace(/\s+/g, '-');
  return SHAPE_ID[slug] ?? slug;
};

/** Five shades of the brand green from least to most sales; no sales is the canvas grey. */
const SHADES = ['#d5f5df', '#a9e9bf', '#1aa34a', '#12833f', '#0b5229'] as const;
const NONE = '#e5e7eb';

export type MapState = { state: string; displayName: string; sales: number; orders: number };

export function shadeOf(sales: number, max: number): string {
  if (sales <= 0 || max <= 0) return NONE;
  const step = Math.min(SHADES.length - 1, Math.floor((sales / max) * SHADES.length));
  return SHADES[step] ?? NONE;
}

export function NigeriaMap({ states, summary }: { states: readonly MapState[]; summary: string }) {
  const byShape = new Map(states.map((s) => [shapeIdOf(s.state), s]));
  const max = Math.max(0, ...states.map((s) => s.sales));
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <svg
        viewBox={nigeria.viewBox}
        role="img"
        aria-label={summary}
        className="h-auto w-full max-w-md self-center"
      >
        {nigeria.locations.map((shape) => {
          const s = byShape.get(shape.id);
          return (
            <path
              key={shape.id}
              d={shape.path}
              fill={shadeOf(s?.sales ?? 0, max)}
              stroke="#ffffff"
              strokeWidth={1.5}
              data-state={shape.id}
            >
              <title>
                {s
                  ? `${s.displayName}: ${formatNaira(s.sales)} from ${s.orders} ${s.orders === 1 ? 'order' : 'orders'}`
                  : `${shape.name}: no sales`}
              </title>
            </path>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-ink-muted text-xs">
        <span>Fewer sales</span>
        {SHADES.map((shade) => (
          <span
            key={shade}
            aria-hidden
            className="inline-block h-3 w-5 rounded-sm"
            style={{ background: shade }}
          />
        ))}
        <span>More sales</span>
        <span className="ml-2 inline-flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-5 rounded-sm" style={{ background: NONE }} />
          None
        </span>
      </figcaption>
      <p className="text-center text-[11px] text-ink-subtle">Map shapes: svg-maps (CC BY 4.0).</p>
    </figure>
  );
}
