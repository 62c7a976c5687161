import { clsx } from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FieldMessages } from '@/ui/field-messages';

/** The spec's picker page: 50 options at a time, then a 'Load more ...' item. */
export const COMBOBOX_PAGE_SIZE = 50;
export const LOAD_MORE_LABEL = 'Load more ...';

export interface ComboboxProps<T> {
  /** Visible label; also names the listbox. Omit only when `ariaLabel` names a field inside a group. */
  label?: string;
  ariaLabel?: string;
  /** The options matching what the seller typed, in display order; '' means all. */
  search: (query: string) => readonly T[];
  itemKey: (item: T) => string;
  /** The option's text, also read by screen readers. */
  itemLabel: (item: T) => string;
  /** What the box shows once an option is chosen; the option's label unless given. */
  displayValue?: (item: T) => string;
  /** Extra content in the option row, e.g. a dialling code. */
  itemDetail?: (item: T) => ReactNode;
  value: T | null;
  onChange: (item: T | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
  hint?: string;
  error?: string;
  name?: string;
  id?: string;
  pageSize?: number;
  /** Classes for the outer element, e.g. a fixed width beside a phone number. */
  className?: string;
  /** Classes for the dropdown, e.g. wider than a narrow box. */
  listClassName?: string;
  /** Shown instead of the options when nothing matches. */
  noMatchText?: (query: string) => string;
}

type Row<T> = { kind: 'option'; item: T } | { kind: 'more' };

/**
 * A searchable single-choice field: the WAI-ARIA 1.2 editable combobox with list autocomplete.
 * Typing filters the list; ArrowDown/ArrowUp move through it, Enter chooses (or loads the next
 * page on 'Load more ...'), Escape closes and restores the chosen value; focus never leaves the
 * text box, so screen readers follow the active option through aria-activedescendant.
 */
export function Combobox<T>({
  label,
  ariaLabel,
  search,
  itemKey,
  itemLabel,
  displayValue = itemLabel,
  itemDetail,
  value,
  onChange,
  onBlur,
  disabled = false,
  placeholder,
  hint,
  error,
  name,
  id,
  pageSize = COMBOBOX_PAGE_SIZE,
  className,
  listClassName,
  noMatchText = (query) => (query ? `No matches for "${query}"` : 'Nothing to choose from'),
}: ComboboxProps<T>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const labelId = `${inputId}-label`;
  const listId = `${inputId}-list`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [open, setOpen] = useState(false);
  // null while the seller is not typing: the box then shows the chosen value.
  const [query, setQuery] = useState<string | null>(null);
  const [visibleCount, setVisibleCount] = useState(pageSize);
  const [activeIndex, setActiveIndex] = useState(-1);

  const results = useMemo(() => (open ? search(query ?? '') : []), [open, search, query]);
  const rows: Row<T>[] = useMemo(() => {
    const shown: Row<T>[] = results.slice(0, visibleCount).map((item) => ({ kind: 'option', item }));
    if (results.length > visibleCount) shown.push({ kind: 'more' });
    return shown;
  }, [results, visibleCount]);

  const rowId = (index: number) => `${listId}-${index}`;
  const selectedKey = value ? itemKey(value) : null;
  const activeRow = activeIndex >= 0 ? rows[activeIndex] : undefined;
  const showList = open && rows.length > 0;
  const showNoMatch = open && rows.length === 0;

  // Keep the active option in view as the keyboard moves through a scrolled list.
  useLayoutEffect(() => {
    if (!open || activeIndex < 0) return;
    document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, listId]);

  // On a phone the field may sit near the bottom of the screen: bring the whole list into view.
  useEffect(() => {
    if (showList) document.getElementById(listId)?.scrollIntoView?.({ block: 'nearest' });
  }, [showList, listId]);

  // A field that becomes disabled (its parent choice was cleared) must not stay open.
  useEffect(() => {
    if (disabled) {
      setOpen(false);
      setQuery(null);
    }
  }, [disabled]);

  function openList() {
    if (disabled || open) return;
    // Open on the chosen option, with enough pages shown to include it.
    const all = search(query ?? '');
    const at = selectedKey === null ? -1 : all.findIndex((item) => itemKey(item) === selectedKey);
    setVisibleCount(at < 0 ? pageSize : Math.ceil((at + 1) / pageSize) * pageSize);
    setActiveIndex(at);
    setOpen(true);
  }

  function close() {
    setOpen(false);
    setQuery(null);
    setActiveIndex(-1);
  }

  function choose(item: T) {
    close();
    // Choosing the same option again is not a change: it must not clear the fields that depend on it.
    if (itemKey(item) !== selectedKey) onChange(item);
  }

  function loadMore() {
    // The first newly shown option becomes active, so the keyboard carries on where it was.
    setActiveIndex(visibleCount);
    setVisibleCount((count) => count + pageSize);
    inputRef.current?.focus();
  }

  function activate(row: Row<T> | undefined) {
    if (!row) return;
    if (row.kind === 'more') loadMore();
    else choose(row.item);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else if (!event.altKey) setActiveIndex((index) => Math.min(index + 1, rows.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      case 'Enter':
        if (!open) return;
        // Enter picks the option, it does not submit the form.
        event.preventDefault();
        if (activeRow) activate(activeRow);
        else if (results.length === 1) choose(results[0]!);
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const inputValue = query ?? (value ? displayValue(value) : '');

  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      {label && (
        <label id={labelId} htmlFor={inputId} className="font-medium text-ink text-sm">
          {label}
        </label>
      )}
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-label={label ? undefined : ariaLabel}
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && activeIndex >= 0 ? rowId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder}
          value={inputValue}
          onChange={(event) => {
            setQuery(event.target.value);
            setVisibleCount(pageSize);
            setActiveIndex(-1);
            setOpen(true);
          }}
          onClick={openList}
          onFocus={(event) => event.target.select()}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // Emptying the box and leaving it clears the choice; any other half-typed text is dropped.
            if (query === '' && value !== null) onChange(null);
            close();
            onBlur?.();
          }}
          className={clsx(
            'min-h-11 w-full rounded-control border bg-surface py-2 pr-11 pl-3 text-base text-ink placeholder:text-ink-subtle',
            'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-muted',
            error ? 'border-danger-600' : 'border-line-strong',
          )}
        />
        <button
          type="button"
          // The text box is the one tab stop; this button is for pointers (as in the APG example).
          tabIndex={-1}
          aria-label={`${label ?? ariaLabel ?? ''} options`.trim()}
          aria-controls={listId}
          aria-expanded={showList}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              inputRef.current?.focus();
              openList();
            }
          }}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-ink-muted disabled:opacity-50"
        >
          <ChevronDown className={clsx('size-5', showList && 'rotate-180')} aria-hidden />
        </button>
        <div
          id={listId}
          role="listbox"
          aria-labelledby={label ? labelId : undefined}
          aria-label={label ? undefined : ariaLabel}
          hidden={!showList}
          // Keeps focus in the text box while an option is pressed.
          onMouseDown={(event) => event.preventDefault()}
          className={clsx(
            'absolute left-0 z-30 mt-1 max-h-[300px] min-w-full overflow-y-auto overscroll-contain rounded-control border border-line bg-surface py-1 shadow-card',
            listClassName,
          )}
        >
          {rows.map((row, index) =>
            row.kind === 'more' ? (
              // The keyboard reaches options through the text box (aria-activedescendant), never by focus.
              // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the text box activates it.
              <div
                key="more"
                id={rowId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={false}
                onClick={loadMore}
                className={clsx(
                  'flex min-h-11 cursor-pointer items-center px-3 font-semibold text-brand-700 text-sm',
                  index === activeIndex && 'bg-brand-50',
                )}
              >
                {LOAD_MORE_LABEL}
              </div>
            ) : (
              // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the text box chooses it.
              <div
                key={itemKey(row.item)}
                id={rowId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={itemKey(row.item) === selectedKey}
                onClick={() => choose(row.item)}
                className={clsx(
                  'flex min-h-11 cursor-pointer items-center gap-2 px-3 text-base text-ink',
                  index === activeIndex ? 'bg-brand-50' : 'hover:bg-canvas',
                )}
              >
                <span className="flex-1">{itemLabel(row.item)}</span>
                {itemDetail && <span className="text-ink-muted text-sm">{itemDetail(row.item)}</span>}
                {itemKey(row.item) === selectedKey && (
                  <Check className="size-4 shrink-0 text-brand-700" aria-hidden />
                )}
              </div>
            ),
          )}
        </div>
        {/* Always present, so screen readers announce the message when it appears. */}
        <p
          role="status"
          className={clsx(
            showNoMatch
              ? 'absolute left-0 z-30 mt-1 w-full rounded-control border border-line bg-surface px-3 py-3 text-ink-muted text-sm shadow-card'
              : 'sr-only',
          )}
        >
          {showNoMatch ? noMatchText(query ?? '') : ''}
        </p>
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
