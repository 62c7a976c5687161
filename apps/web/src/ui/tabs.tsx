import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** The tab element's id, for the panel's aria-labelledby. */
  tabId?: string;
  /** The id of the panel the tab shows. */
  controls?: string;
}

export interface TabListProps<T extends string> {
  label: string;
  items: ReadonlyArray<TabItem<T>>;
  selected: T;
  onSelect: (id: T) => void;
  className?: string;
  tabClassName: (selected: boolean) => string;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * A row of tabs as the ARIA tabs pattern has them: one stop in the Tab order (the selected tab),
 * arrow keys (and Home, End) move to the neighbouring tab and show it at once.
 */
export function TabList<T extends string>({
  label,
  items,
  selected,
  onSelect,
  className,
  tabClassName,
}: TabListProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || items.length === 0) return;
    event.preventDefault();
    const index = Math.max(
      0,
      items.findIndex((item) => item.id === selected),
    );
    const next = move(index, items.length);
    const target = items[next];
    if (!target) return;
    onSelect(target.id);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={item.tabId}
            aria-selected={isSelected}
            aria-controls={item.controls}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(item.id)}
            className={tabClassName(isSelected)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
