/**
 * Money on the server: integer kobo in the database, naira in the API (whole kobo), and one way of
 * writing an amount in the words the server sends (bid refusals, show announcements, notifications).
 */
export const toNaira = (kobo: number) => kobo / 100;
export const toKobo = (naira: number) => Math.round(naira * 100);

const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

/** An amount of kobo as people read it: ₦5,000.00. */
export const nairaText = (kobo: number) => NAIRA.format(kobo / 100);
