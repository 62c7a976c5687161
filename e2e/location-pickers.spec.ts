import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';

const HARNESS = '/dev/location-pickers';

const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

async function sentPayload(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  return JSON.parse((await page.getByTestId('payload').textContent()) ?? '');
}

test.describe('the location pickers and phone input', () => {
  test('pick Nigeria, Lagos and Ikeja by typing and tapping, and send names with an E.164 phone', async ({
    page,
  }) => {
    await page.goto(HARNESS);
    await expect(page.getByRole('heading', { name: 'Location pickers' })).toBeVisible();
    await expect(combobox(page, 'State')).toBeDisabled();
    await expect(combobox(page, 'City')).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'the location pickers harness');

    await combobox(page, 'Country').fill('nige');
    const countries = page.getByRole('listbox', { name: 'Country' });
    await expect(countries.getByRole('option')).toHaveText(['Niger', 'Nigeria']);
    // With a list open: the combobox, listbox and options must hold up too.
    await expectNoSeriousA11yViolations(page, 'the harness with the country list open');
    await countries.getByRole('option', { name: 'Nigeria' }).click();
    await expect(combobox(page, 'Country')).toHaveValue('Nigeria');

    await expect(combobox(page, 'State')).toBeEnabled();
    await combobox(page, 'State').fill('lag');
    await page.getByRole('option', { name: 'Lagos' }).click();

    await combobox(page, 'City').click();
    const cities = page.getByRole('listbox', { name: 'City' });
    await expect(cities.getByRole('option')).toHaveCount(20);
    const height = await cities.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(300);
    await combobox(page, 'City').fill('ike');
    await cities.getByRole('option', { name: 'Ikeja' }).click();

    await page.getByRole('textbox', { name: 'Street Address' }).fill('12 Allen Avenue');
    await expect(combobox(page, 'Phone Number country')).toHaveValue('NG +234');
    await page.getByRole('textbox', { name: 'Phone Number' }).fill('0801 234 5678');

    expect(await sentPayload(page)).toEqual({
      sellerAddress: { country: 'Nigeria', state: 'Lagos', city: 'Ikeja', streetAddress1: '12 Allen Avenue' },
      phoneNumber: '+2348012345678',
    });
  });

  test('pick Nigeria, Lagos and Ikeja with the keyboard alone', async ({ page }) => {
    await page.goto(HARNESS);
    await combobox(page, 'Country').focus();

    await page.keyboard.type('nigeria');
    await page.keyboard.press('ArrowDown');
    await expect(combobox(page, 'Country')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(combobox(page, 'Country')).toHaveValue('Nigeria');
    await expect(combobox(page, 'Country')).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Tab');
    await expect(combobox(page, 'State')).toBeFocused();
    await page.keyboard.type('la');
    // Lagos, then Plateau: the second option is Plateau, back up one for Lagos.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(combobox(page, 'State')).toHaveValue('Lagos');

    await page.keyboard.press('Tab');
    await expect(combobox(page, 'City')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'City' }).getByRole('option')).toHaveCount(20);
    await page.keyboard.type('ikej');
    await page.keyboard.press('Enter');
    await expect(combobox(page, 'City')).toHaveValue('Ikeja');

    // Choosing another state clears the city.
    await combobox(page, 'State').focus();
    await page.keyboard.type('oyo');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(combobox(page, 'City')).toHaveValue('');
  });

  test('shows 50 countries at a time with a Load more ... item', async ({ page }) => {
    await page.goto(HARNESS);
    await combobox(page, 'Country').click();
    const options = page.getByRole('listbox', { name: 'Country' }).getByRole('option');
    await expect(options).toHaveCount(51);
    await page.getByRole('option', { name: 'Load more ...' }).click();
    await expect(options).toHaveCount(101);
  });

  test('takes a typed state and city outside Nigeria, and explains an invalid phone number', async ({
    page,
  }) => {
    await page.goto(HARNESS);
    await combobox(page, 'Country').fill('ghana');
    await page.getByRole('option', { name: 'Ghana' }).click();
    await page.getByRole('textbox', { name: 'State' }).fill('Greater Accra');
    await page.getByRole('textbox', { name: 'City' }).fill('Osu');
    await page.getByRole('textbox', { name: 'Street Address' }).fill('5 Oxford Street');

    const phone = page.getByRole('textbox', { name: 'Phone Number' });
    await phone.fill('0801 234');
    await phone.blur();
    await expect(page.getByText('This number is too short for Nigeria (+234).')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, 'the harness with a phone error');

    // A number pasted with its own prefix moves the country to match.
    await phone.fill('+233 24 123 4567');
    await expect(combobox(page, 'Phone Number country')).toHaveValue('GH +233');
    expect(await sentPayload(page)).toEqual({
      sellerAddress: {
        country: 'Ghana',
        state: 'Greater Accra',
        city: 'Osu',
        streetAddress1: '5 Oxford Street',
      },
      phoneNumber: '+233241234567',
    });
  });
});
