import type { ReactNode } from 'react';

// An order, return or payout number (KSW-100001, RTN-100002): a line may break at its hyphen.
const CODE = /([A-Z]{2,5}-\d{4,})/;

/**
 * `text` with each record number in it kept on one line, so a narrow card reads "Commission on" then
 * "KSW-100001", never "Commission on KSW-" then "100001". The text itself is unchanged.
 */
export function withUnbrokenCodes(text: string): ReactNode {
  const parts = text.split(CODE);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** A date, a time or a number that must not be split over two lines ("29 Nov" then "2026"). */
export function Unbroken({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}
