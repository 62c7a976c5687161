import type { CSSProperties } from 'react';

/**
 * A figure that keeps the text size of the element around it while it fits its card on one line,
 * and shrinks to the card's width when it would not (`fit-figure` in styles/app.css). The card must
 * be a size container: give it the `@container` class.
 */
export function FitFigure({ children }: { children: string }) {
  return (
    <span className="fit-figure" style={{ '--figure-chars': children.length } as CSSProperties}>
      {children}
    </span>
  );
}
