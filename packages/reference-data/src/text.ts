/**
 * One word of a slug: lowercase ASCII letters and digits joined by hyphens, so "Côte d'Ivoire"
 * becomes "cote-divoire" and "Ajeromi-Ifelodun" "ajeromi-ifelodun". Underscores never appear in
 * a part, which keeps `nigeria_{state}_{area}` unambiguous.
 */
export function slugPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The form both sides of a search are compared in: lowercase, accents dropped, surrounding spaces
 * trimmed, so "turk" finds "Türkiye" and " lagos" finds "Lagos".
 */
export function searchForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * A list searchable by substring: each entry's search form is computed once, so a search is one
 * `includes` per entry and no allocation beyond the result.
 */
export class NameIndex<T> {
  readonly #items: readonly T[];
  readonly #keys: readonly string[];

  constructor(items: readonly T[], nameOf: (item: T) => string) {
    this.#items = items;
    this.#keys = items.map((item) => searchForm(nameOf(item)));
  }

  /** Entries whose name contains `query` (case and accents ignored), in list order; all for "". */
  search(query: string, keep?: (item: T) => boolean): T[] {
    const needle = searchForm(query);
    const found: T[] = [];
    for (let i = 0; i < this.#items.length; i++) {
      const item = this.#items[i]!;
      if ((needle === '' || this.#keys[i]!.includes(needle)) && (!keep || keep(item))) found.push(item);
    }
    return found;
  }
}
