/**
 * A list row's items: the first item's name and, when there is more than one unit, how many units the
 * order (or return) holds in all. The summary counts units, not lines, so "+ 1 more" would be wrong
 * for two of the same dress; "· 2 items" is true of two dresses and of a dress and a bag.
 */
export const itemsSummary = (firstItem: string, units: number): string =>
  units > 1 ? `${firstItem} · ${units} items` : firstItem;
