import {
  type City,
  type Country,
  citiesOfState,
  type State,
  searchCountries,
  searchStates,
} from '@kasuwa/reference-data';
import { useCallback } from 'react';
import { Combobox } from '@/ui/combobox';
import { Input } from '@/ui/input';
import {
  type LocationAction,
  type LocationSelection,
  locationReducer,
  placesAreListed,
  type TypedPlace,
  typedText,
} from '@/ui/location-selection';

export interface LocationErrors {
  country?: string;
  state?: string;
  city?: string;
}

export interface LocationFieldsProps {
  value: LocationSelection;
  onChange: (next: LocationSelection) => void;
  /** Called when any of the three fields loses focus, e.g. to mark the form field touched. */
  onBlur?: () => void;
  errors?: LocationErrors;
  /** Prefix for the fields' ids and names, when a form has more than one address. */
  idPrefix?: string;
}

const countryKey = (country: Country) => country.slug;
const countryName = (country: Country) => country.name;
const stateKey = (state: State) => state.slug;
const stateName = (state: State) => state.displayName;
const cityKey = (city: City) => city.slug;
const cityName = (city: City) => city.name;

const isListed = <T extends State | City>(place: T | TypedPlace | null): T | null =>
  place && !('typed' in place) ? place : null;

/**
 * Country, State and City, with the rules of SPEC §2: State waits for a country and City for a
 * state; a new country clears both, a new state clears the city. Nigeria's 37 states and 774 local
 * government areas are picked from lists; for any other country the seller types them.
 */
export function LocationFields({
  value,
  onChange,
  onBlur,
  errors = {},
  idPrefix = 'address',
}: LocationFieldsProps) {
  const dispatch = (action: LocationAction) => onChange(locationReducer(value, action));
  const { country, state } = value;
  const listed = placesAreListed(value);

  const searchStatesOfCountry = useCallback(
    (query: string) => (country ? searchStates(country.slug, query) : []),
    [country],
  );
  const listedState = isListed<State>(state);
  const searchCitiesOfState = useCallback(
    (query: string) => (listedState ? citiesOfState(listedState.slug, query) : []),
    [listedState],
  );

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <Combobox
        id={`${idPrefix}-country`}
        name={`${idPrefix}.country`}
        label="Country"
        placeholder="Search countries"
        search={searchCountries}
        itemKey={countryKey}
        itemLabel={countryName}
        value={country}
        onChange={(next) => dispatch({ type: 'chooseCountry', country: next })}
        onBlur={onBlur}
        error={errors.country}
      />
      {country && !listed ? (
        <Input
          id={`${idPrefix}-state`}
          name={`${idPrefix}.state`}
          label="State"
          hint="Your state, province or region"
          autoComplete="address-level1"
          value={typedText(state)}
          onChange={(event) => dispatch({ type: 'typeState', text: event.target.value })}
          onBlur={onBlur}
          error={errors.state}
        />
      ) : (
        <Combobox
          id={`${idPrefix}-state`}
          name={`${idPrefix}.state`}
          label="State"
          placeholder={country ? 'Search states' : undefined}
          hint={country ? undefined : 'Choose a country first'}
          disabled={!country}
          search={searchStatesOfCountry}
          itemKey={stateKey}
          itemLabel={stateName}
          value={listedState}
          onChange={(next) => dispatch({ type: 'chooseState', state: next })}
          onBlur={onBlur}
          error={errors.state}
        />
      )}
      {country && !listed ? (
        <Input
          id={`${idPrefix}-city`}
          name={`${idPrefix}.city`}
          label="City"
          hint={state ? 'Your city or town' : 'Enter a state first'}
          autoComplete="address-level2"
          disabled={!state}
          value={typedText(value.city)}
          onChange={(event) => dispatch({ type: 'typeCity', text: event.target.value })}
          onBlur={onBlur}
          error={errors.city}
        />
      ) : (
        <Combobox
          id={`${idPrefix}-city`}
          name={`${idPrefix}.city`}
          label="City"
          placeholder={listedState ? 'Search local areas' : undefined}
          hint={listedState ? undefined : 'Choose a state first'}
          disabled={!listedState}
          search={searchCitiesOfState}
          itemKey={cityKey}
          itemLabel={cityName}
          value={isListed<City>(value.city)}
          onChange={(next) => dispatch({ type: 'chooseCity', city: next })}
          onBlur={onBlur}
          error={errors.city}
        />
      )}
    </div>
  );
}
