import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LocationFields } from '@/ui/location-pickers';
import { emptyLocation, type LocationSelection, locationNames } from '@/ui/location-selection';

let latest: LocationSelection = emptyLocation;

function Address() {
  const [value, setValue] = useState<LocationSelection>(emptyLocation);
  latest = value;
  return <LocationFields value={value} onChange={setValue} />;
}

const field = (name: string) => screen.getByRole('combobox', { name });
const listOf = (name: string) => within(screen.getByRole('listbox', { name })).getAllByRole('option');

async function pick(name: string, typed: string, option: string) {
  await userEvent.clear(field(name));
  await userEvent.type(field(name), typed);
  await userEvent.click(screen.getByRole('option', { name: option }));
}

describe('LocationFields', () => {
  it('keeps State disabled until a country is chosen, and City until a state is chosen', async () => {
    render(<Address />);
    expect(field('State')).toHaveProperty('disabled', true);
    expect(field('City')).toHaveProperty('disabled', true);
    expect(screen.getByText('Choose a country first')).toBeVisible();

    await pick('Country', 'nigeria', 'Nigeria');
    expect(field('State')).toHaveProperty('disabled', false);
    expect(field('City')).toHaveProperty('disabled', true);

    await pick('State', 'lag', 'Lagos');
    expect(field('City')).toHaveProperty('disabled', false);
    await pick('City', 'ike', 'Ikeja');
    expect(locationNames(latest)).toEqual({ country: 'Nigeria', state: 'Lagos', city: 'Ikeja' });
  });

  it('clears the state and city when another country is chosen', async () => {
    render(<Address />);
    await pick('Country', 'nigeria', 'Nigeria');
    await pick('State', 'lag', 'Lagos');
    await pick('City', 'ike', 'Ikeja');

    await pick('Country', 'niger', 'Niger');
    expect(latest.state).toBeNull();
    expect(latest.city).toBeNull();
    expect((screen.getByLabelText('City', { selector: 'input' }) as HTMLInputElement).value).toBe('');
  });

  it('clears the city when another state is chosen', async () => {
    render(<Address />);
    await pick('Country', 'nigeria', 'Nigeria');
    await pick('State', 'lag', 'Lagos');
    await pick('City', 'ike', 'Ikeja');

    await pick('State', 'oyo', 'Oyo');
    expect(latest.city).toBeNull();
    expect((field('City') as HTMLInputElement).value).toBe('');
    await userEvent.click(field('City'));
    expect(listOf('City')).toHaveLength(33);
  });

  it('pages the 249 countries 50 at a time', async () => {
    render(<Address />);
    await userEvent.click(field('Country'));
    expect(listOf('Country')).toHaveLength(51);
    await userEvent.click(screen.getByRole('option', { name: 'Load more ...' }));
    expect(listOf('Country')).toHaveLength(101);
  });

  it('shows the capital territory by its full name and sends it as Fct', async () => {
    render(<Address />);
    await pick('Country', 'nigeria', 'Nigeria');
    await pick('State', 'capital', 'Federal Capital Territory');
    await pick('City', 'bwa', 'Bwari');
    expect(locationNames(latest)).toEqual({ country: 'Nigeria', state: 'Fct', city: 'Bwari' });
  });

  it('lets the seller type the state and city of a country without bundled states', async () => {
    render(<Address />);
    await pick('Country', 'ghana', 'Ghana');
    const state = screen.getByRole('textbox', { name: 'State' });
    const city = screen.getByRole('textbox', { name: 'City' });
    expect(city).toHaveProperty('disabled', true);

    await userEvent.type(state, 'Greater Accra');
    expect(city).toHaveProperty('disabled', false);
    await userEvent.type(city, 'Osu');
    expect(locationNames(latest)).toEqual({ country: 'Ghana', state: 'Greater Accra', city: 'Osu' });

    // Back to Nigeria: the typed places go and the pickers return.
    await pick('Country', 'nigeria', 'Nigeria');
    expect(locationNames(latest)).toEqual({ country: 'Nigeria', state: '', city: '' });
    expect(field('State')).toBeVisible();
  });
});
