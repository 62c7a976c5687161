/** Screens show a stored state's display name ("Fct" → "Federal Capital Territory"); one rule, in reference-data. */
export { stateDisplayName as stateText } from '@kasuwa/reference-data';
