import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationPickersHarness } from '@/features/dev-harness/location-pickers-harness';

async function pick(name: string, typed: string, option: string) {
  await userEvent.type(screen.getByRole('combobox', { name }), typed);
  await userEvent.click(screen.getByRole('option', { name: option }));
}

const phone = () => screen.getByRole('textbox', { name: 'Phone Number' });

describe('the location pickers harness', () => {
  it('sends names and the phone in E.164', async () => {
    render(<LocationPickersHarness />);
    await pick('Country', 'Nigeria', 'Nigeria');
    await pick('State', 'Lagos', 'Lagos');
    await pick('City', 'Ikeja', 'Ikeja');
    await userEvent.type(screen.getByRole('textbox', { name: 'Street Address' }), '12 Allen Avenue');
    await userEvent.type(phone(), '0801 234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const sent = JSON.parse((await screen.findByTestId('payload')).textContent ?? '');
    expect(sent).toEqual({
      sellerAddress: { country: 'Nigeria', state: 'Lagos', city: 'Ikeja', streetAddress1: '12 Allen Avenue' },
      phoneNumber: '+2348012345678',
    });
  });

  it('defaults the phone to Nigeria and explains an invalid number next to the field', async () => {
    render(<LocationPickersHarness />);
    expect((screen.getByRole('combobox', { name: 'Phone Number country' }) as HTMLInputElement).value).toBe(
      'NG +234',
    );
    await userEvent.type(phone(), '0801 234');
    await userEvent.tab();
    const message = await screen.findByText('This number is too short for Nigeria (+234).');
    expect(phone().getAttribute('aria-invalid')).toBe('true');
    expect(phone().getAttribute('aria-describedby')).toContain(message.id);
  });

  it('caps the phone number at 15 digits with the prefix', async () => {
    render(<LocationPickersHarness />);
    await userEvent.type(phone(), '08012345678901234');
    expect((phone() as HTMLInputElement).value).toBe('080123456789');
  });

  it('finds a phone country by name or by its prefix', async () => {
    render(<LocationPickersHarness />);
    const country = screen.getByRole('combobox', { name: 'Phone Number country' });
    await userEvent.clear(country);
    await userEvent.type(country, '+233');
    await userEvent.click(screen.getByRole('option', { name: /Ghana/ }));
    expect((country as HTMLInputElement).value).toBe('GH +233');
  });

  it('asks for every address part before sending', async () => {
    render(<LocationPickersHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose a country.')).toBeVisible();
    expect(screen.getByText('Choose or enter a state.')).toBeVisible();
    expect(screen.getByText('Enter your street address.')).toBeVisible();
    expect(screen.getByText('Enter your phone number.')).toBeVisible();
    expect(screen.queryByTestId('payload')).not.toBeInTheDocument();
  });
});
