import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/ui/button';

describe('Button', () => {
  it('is a plain button (not a form submit) unless told otherwise', () => {
    render(<Button>Next</Button>);
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('type')).toBe('button');
  });

  it('shows it is busy and ignores presses while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Next
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
