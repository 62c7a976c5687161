import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

function AccountDisabledExample({ dismissible }: { dismissible: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      dismissible={dismissible}
      title="Account Disabled"
      description="Your account has been disabled. Please contact support."
      footer={<Button onClick={() => setOpen(false)}>Logout</Button>}
    />
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its description', () => {
    render(<AccountDisabledExample dismissible />);
    const dialog = screen.getByRole('dialog', { name: 'Account Disabled' });
    const descriptionId = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(descriptionId)?.textContent).toBe(
      'Your account has been disabled. Please contact support.',
    );
  });

  it('closes with its Close button when dismissible', async () => {
    render(<AccountDisabledExample dismissible />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('can only be answered through its own buttons when not dismissible', async () => {
    render(<AccountDisabledExample dismissible={false} />);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Account Disabled' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  it('focuses its first field on opening, or itself when told not to (no phone keyboard yet)', async () => {
    const form = (focusFirstField: boolean) => (
      <Dialog open title="Upload" focusFirstField={focusFirstField}>
        <label>
          Search
          <input />
        </label>
      </Dialog>
    );
    const view = render(form(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Search')));
    view.unmount();
    render(form(false));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Upload' })));
  });
});
