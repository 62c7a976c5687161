import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Input } from '@/ui/input';

function describedByText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `<missing #${id}>`).join(' | ');
}

describe('Input', () => {
  it('is named by its visible label', () => {
    render(<Input label="Business Name" />);
    const input = screen.getByRole('textbox', { name: 'Business Name' });
    expect(screen.getByText('Business Name').tagName).toBe('LABEL');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('is described by its hint', () => {
    render(<Input label="Business Name" hint="Your registered business name" />);
    expect(describedByText(screen.getByRole('textbox', { name: 'Business Name' }))).toBe(
      'Your registered business name',
    );
  });

  it('is marked invalid and described by its error as well as its hint', () => {
    render(
      <Input label="Business Name" hint="Your registered business name" error="Enter your business name" />,
    );
    const input = screen.getByRole('textbox', { name: 'Business Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(input)).toBe('Your registered business name | Enter your business name');
  });

  it('lets the seller show and hide a password', async () => {
    render(<Input label="Password" type="password" defaultValue="s3cret" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});
