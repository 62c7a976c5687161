import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from '@/ui/combobox';

const FRUITS = Array.from({ length: 120 }, (_, i) => `Fruit ${String(i + 1).padStart(3, '0')}`);
const searchFruits = (query: string) => FRUITS.filter((f) => f.toLowerCase().includes(query.toLowerCase()));
const same = (fruit: string) => fruit;

function Fruits({
  onChange = () => {},
  initial = null,
}: {
  onChange?: (f: string | null) => void;
  initial?: string | null;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Combobox
        label="Fruit"
        search={searchFruits}
        itemKey={same}
        itemLabel={same}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </form>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Fruit' });
const options = () => within(screen.getByRole('listbox', { name: 'Fruit' })).getAllByRole('option');

describe('Combobox', () => {
  it('is named by its visible label and starts closed', () => {
    render(<Fruits />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(document.getElementById(box().getAttribute('aria-controls')!)?.getAttribute('role')).toBe(
      'listbox',
    );
  });

  it('shows 50 options and a Load more ... item, then 50 more each time it is chosen', async () => {
    render(<Fruits />);
    await userEvent.click(box());
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(options()).toHaveLength(51);
    expect(options()[50]!.textContent).toBe('Load more ...');

    await userEvent.click(screen.getByRole('option', { name: 'Load more ...' }));
    expect(options()).toHaveLength(101);

    await userEvent.click(screen.getByRole('option', { name: 'Load more ...' }));
    // 120 in all: no Load more once everything is shown.
    expect(options()).toHaveLength(120);
    expect(screen.queryByRole('option', { name: 'Load more ...' })).not.toBeInTheDocument();
  });

  it('filters as the seller types and starts again from the first page', async () => {
    render(<Fruits />);
    await userEvent.type(box(), '11');
    expect(options().map((o) => o.textContent)).toEqual([
      'Fruit 011',
      'Fruit 110',
      'Fruit 111',
      'Fruit 112',
      'Fruit 113',
      'Fruit 114',
      'Fruit 115',
      'Fruit 116',
      'Fruit 117',
      'Fruit 118',
      'Fruit 119',
    ]);
  });

  it('moves through the options with the arrow keys and chooses with Enter, without submitting the form', async () => {
    const onChange = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(<Fruits onChange={onChange} />);
    box().closest('form')!.addEventListener('submit', onSubmit);

    await userEvent.type(box(), 'fruit 00');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = box().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('Fruit 002');

    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('Fruit 002');
    expect(onSubmit).not.toHaveBeenCalled();
    expect((box() as HTMLInputElement).value).toBe('Fruit 002');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('loads the next page from the keyboard and carries on from its first new option', async () => {
    render(<Fruits />);
    box().focus();
    await userEvent.keyboard('{ArrowDown}');
    for (let i = 0; i < 51; i++) await userEvent.keyboard('{ArrowDown}');
    expect(document.getElementById(box().getAttribute('aria-activedescendant')!)?.textContent).toBe(
      'Load more ...',
    );

    await userEvent.keyboard('{Enter}');
    expect(options()).toHaveLength(101);
    expect(document.getElementById(box().getAttribute('aria-activedescendant')!)?.textContent).toBe(
      'Fruit 051',
    );
  });

  it('chooses the only match with Enter', async () => {
    const onChange = vi.fn();
    render(<Fruits onChange={onChange} />);
    await userEvent.type(box(), '077{Enter}');
    expect(onChange).toHaveBeenCalledWith('Fruit 077');
  });

  it('closes with Escape and shows the chosen value again', async () => {
    render(<Fruits initial="Fruit 003" />);
    await userEvent.clear(box());
    await userEvent.type(box(), 'zzz');
    expect(screen.getByRole('status').textContent).toBe('No matches for "zzz"');
    await userEvent.keyboard('{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('Fruit 003');
  });

  it('marks the chosen option and opens on it, even past the first page', async () => {
    render(<Fruits initial="Fruit 075" />);
    await userEvent.click(box());
    const chosen = screen.getByRole('option', { name: 'Fruit 075' });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(chosen.id);
  });

  it('clears the choice when the box is emptied and left', async () => {
    const onChange = vi.fn();
    render(<Fruits initial="Fruit 003" onChange={onChange} />);
    await userEvent.clear(box());
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('does not report choosing the option that is already chosen', async () => {
    const onChange = vi.fn();
    render(<Fruits initial="Fruit 003" onChange={onChange} />);
    await userEvent.click(box());
    await userEvent.click(screen.getByRole('option', { name: 'Fruit 003' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
