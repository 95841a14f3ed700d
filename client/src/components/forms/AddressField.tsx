// A company address (registration now, the company's locations later): a keyboard-accessible combobox over
// common.geocode (ARIA 1.2 combobox with a listbox popup), plus an optional map picker. An address counts only
// when it carries coordinates, so typing after a pick clears them (SPEC §5: address from the map or the dropdown).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SignupCountry } from '@shared/constants/enums';
import { MapPicker, type LatLng } from '@/components/map';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/States';
import { useConfig } from '@/hooks/useConfig';
import { useDebounced } from '@/hooks/useDebounced';
import { showSnackbar } from '@/lib/snackbar';
import { signupCountryList } from '@/lib/countries';
import { useLanguage } from '@/lib/i18n';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';

export type Place = RouterOutputs['common']['geocode']['items'][number];

/** Rough centres of the signup countries, to open the map where the company is (Malaysia's between its two halves). */
const COUNTRY_CENTRES: Record<SignupCountry, LatLng & { zoom: number }> = {
  GR: { lat: 38.6, lng: 23.2, zoom: 5.5 },
  DE: { lat: 51.1, lng: 10.4, zoom: 5 },
  DK: { lat: 56.1, lng: 9.9, zoom: 6 },
  AE: { lat: 24.4, lng: 54.5, zoom: 6 },
  GB: { lat: 54.0, lng: -2.5, zoom: 4.8 },
  IT: { lat: 42.5, lng: 12.5, zoom: 5 },
  RO: { lat: 45.9, lng: 24.9, zoom: 5.5 },
  MY: { lat: 4.2, lng: 108.0, zoom: 4.6 },
};
/** SPEC §9: the default map centre is in the Gulf region. */
const DEFAULT_CENTRE = { lat: 25.2048, lng: 55.2708, zoom: 4 };

export interface AddressFieldProps {
  value: string;
  country: SignupCountry | '';
  coordinates: LatLng | null;
  error?: string;
  onType: (text: string) => void;
  onPick: (place: Place) => void;
  /** Called with the input element so the form can focus it on an error. */
  inputRef?: (el: HTMLInputElement | null) => void;
  /** The field's label when it is not the company's address (a trip's pickup or drop-off). */
  label?: ReactNode;
  /** The map's accessible name when it is not the company's location. */
  mapLabel?: string;
}

export function AddressField({ value, country, coordinates, error, onType, onPick, inputRef, label, mapLabel }: AddressFieldProps) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const config = useConfig();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [showMap, setShowMap] = useState(false);
  const [locating, setLocating] = useState(false);
  /** The last map click fell outside the signup countries: said beside the map until the next click. */
  const [outside, setOutside] = useState(false);
  const lang = useLanguage();
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const q = useDebounced(value.trim(), 250);
  const enabled = q.length >= 2 && !coordinates;
  const results = useQuery({
    ...trpc.common.geocode.queryOptions({ q, country: country || undefined }, { enabled }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const items = useMemo(() => (enabled ? (results.data?.items ?? []) : []), [enabled, results.data]);
  const expanded = open && enabled && (items.length > 0 || results.isFetched);

  const pick = (place: Place) => {
    onPick(place);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (items.length ? (i + 1) % items.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (items.length ? (i <= 0 ? items.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter' && expanded && active >= 0 && items[active]) {
      e.preventDefault();
      pick(items[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const onMapPick = async (at: LatLng) => {
    setLocating(true);
    try {
      const res = await queryClient.fetchQuery(trpc.common.reverseGeocode.queryOptions({ lat: at.lat, lng: at.lng }));
      if (res.place) {
        pick({ ...res.place, latitude: at.lat, longitude: at.lng });
        setOutside(false);
      } else setOutside(true);
    } catch {
      showSnackbar(msg`The address could not be looked up. Please try again.`, { tone: 'error' });
    } finally {
      setLocating(false);
    }
  };

  const centre = (country && COUNTRY_CENTRES[country]) || DEFAULT_CENTRE;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={['field', 'address-field', error ? 'field--invalid' : ''].join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label ?? <Trans>Address</Trans>}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div className="combobox">
        <input
          ref={inputRef}
          id={id}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          value={value}
          placeholder={t`Start typing a street or a town`}
          onChange={(e) => {
            onType(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={onKeyDown}
        />
        {results.isFetching && enabled ? (
          <span className="combobox__spinner">
            <Spinner size={18} />
          </span>
        ) : coordinates ? (
          <span className="combobox__ok" title={t`Location set`} aria-hidden="true">
            ✓
          </span>
        ) : null}
        <ul id={listId} role="listbox" aria-label={t`Suggested addresses`} className="combobox__list" hidden={!expanded}>
          {items.map((place, i) => (
            <li
              key={`${place.display_name}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="combobox__option"
              onMouseDown={(e) => {
                e.preventDefault();
                clearTimeout(blurTimer.current);
              }}
              onClick={() => pick(place)}
            >
              {place.display_name}
            </li>
          ))}
          {items.length === 0 ? (
            <li className="combobox__empty" role="presentation">
              <Trans>No matching address. Try the town name, or pick the place on the map.</Trans>
            </li>
          ) : null}
        </ul>
      </div>
      <p className="field__hint" id={hintId}>
        {coordinates ? (
          <Trans>
            Location set ({i18n.number(coordinates.lat, { maximumFractionDigits: 4 })}, {i18n.number(coordinates.lng, { maximumFractionDigits: 4 })}).
          </Trans>
        ) : (
          <Trans>
            Pick your address from the suggestions or click it on the map. You may add the street before the town, e.g. “Main Street 1, Aarhus”.
          </Trans>
        )}
      </p>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" aria-expanded={showMap} onClick={() => setShowMap((s) => !s)} data-testid="toggle-map">
          {showMap ? <Trans>Hide the map</Trans> : <Trans>Pick on the map</Trans>}
        </Button>
      </div>
      {showMap ? (
        <div className="address-field__map">
          <MapPicker
            opened
            label={mapLabel ?? t`Map: click your company's location`}
            center={centre}
            zoom={centre.zoom}
            marker={coordinates}
            points={items.map((p) => ({ lat: p.latitude, lng: p.longitude }))}
            styleUrl={config.data?.map_style_url}
            onPick={(at) => void onMapPick(at)}
          />
          <p className={outside && !locating ? 'field__error' : 'field__hint'} aria-live="polite" data-testid="map-pick-status">
            {locating ? (
              <Trans>Looking up the address…</Trans>
            ) : outside ? (
              <Trans>That spot is outside the countries where companies can register ({signupCountryList(lang)}). Click inside one of them.</Trans>
            ) : (
              <Trans>Click the map where your company is: the nearest town is filled in. Dots show the suggested places.</Trans>
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
