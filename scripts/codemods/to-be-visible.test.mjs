import { describe, expect, it } from 'vitest';
import { convert } from './to-be-visible.mjs';

const lines = (...l) => `${l.join('\n')}\n`;

describe('the toBeVisible codemod', () => {
  it('turns presence checks of one queried element into toBeVisible, absence into not.toBeInTheDocument', () => {
    const before = lines(
      "expect(screen.getByRole('button', { name: 'Save (draft)' })).toBeTruthy();",
      'expect(await screen.findByText(/Saved \\(1\\)/i)).toBeTruthy();',
      "expect(within(card).getByText('₦1,000')).toBeDefined();",
      "expect(screen.getAllByRole('row')[1]).toBeTruthy();",
      `expect(screen.queryByText(\`Hi \${name}\`)).not.toBeNull();`,
      "expect(screen.queryByRole('dialog')).toBeNull();",
      "await waitFor(() => expect(within(list).queryByText('Gone')).toBeFalsy());",
      'expect(',
      '  screen.getByText(',
      "    'A long sentence that a formatter wrapped',",
      '  ),',
      ').toBeTruthy();',
    );
    const { text, count } = convert(before);
    expect(count).toBe(8);
    expect(text).toBe(
      lines(
        "expect(screen.getByRole('button', { name: 'Save (draft)' })).toBeVisible();",
        'expect(await screen.findByText(/Saved \\(1\\)/i)).toBeVisible();',
        "expect(within(card).getByText('₦1,000')).toBeVisible();",
        "expect(screen.getAllByRole('row')[1]).toBeVisible();",
        `expect(screen.queryByText(\`Hi \${name}\`)).toBeVisible();`,
        "expect(screen.queryByRole('dialog')).not.toBeInTheDocument();",
        "await waitFor(() => expect(within(list).queryByText('Gone')).not.toBeInTheDocument());",
        'expect(',
        '  screen.getByText(',
        "    'A long sentence that a formatter wrapped',",
        '  ),',
        ').toBeVisible();',
      ),
    );
    expect(convert(text)).toEqual({ text, count: 0 });
  });

  it('leaves alone what is not one element found by Testing Library', () => {
    const untouched = lines(
      'expect(localStorage.getItem(key)).toBeNull();',
      "expect(container.querySelector('video')).toBeTruthy();",
      "expect(screen.getAllByRole('row')).toBeTruthy();",
      "expect(screen.findByText('Saved')).toBeTruthy();",
      "expect(screen.getByRole('textbox').value).toBeTruthy();",
      "expect(screen.getByText('Saved')).toHaveTextContent('Saved');",
      "expect(screen.getByText('x') && other).toBeTruthy();",
      "expect(screen.getByText('Saved')).toBeNull();",
      "expect(within(screen.getByRole('list')).getByText('A')).toBeTruthy();",
    );
    expect(convert(untouched)).toEqual({ text: untouched, count: 0 });
  });
});
