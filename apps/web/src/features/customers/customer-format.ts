const dateFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

/** '14 Mar 2026' in Lagos time, as the orders screens write dates. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
