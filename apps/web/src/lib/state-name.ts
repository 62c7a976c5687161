import { NIGERIA_SLUG, searchStates } from '@kasuwa/reference-data';

let displayNames: Map<string, string> | null = null;

/**
 * A Nigerian state as people read it. Orders, addresses and customers store the reference data's
 * name, which for the capital is "Fct"; the pickers show its display name, "Federal Capital
 * Territory", and so do the screens that read it back. Any other text is shown as it is.
 */
export function stateText(name: string): string {
  displayNames ??= new Map(searchStates(NIGERIA_SLUG, '').map((s) => [s.name, s.displayName]));
  return displayNames.get(name) ?? name;
}
