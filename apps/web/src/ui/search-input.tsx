import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * A search box with a magnifier inside it, for lists that search as the seller types. The label is
 * the caller's (its words and look differ by screen); point it at this box's `id`.
 */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className={clsx('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle"
        aria-hidden
      />
      <input
        type="search"
        maxLength={100}
        className="min-h-11 w-full rounded-control border border-line-strong bg-surface pr-3 pl-9 text-base text-ink placeholder:text-ink-subtle"
        {...props}
      />
    </div>
  );
}
