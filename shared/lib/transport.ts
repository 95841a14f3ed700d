// Transport CO2e of a trip: km driven x the vehicle's factor. The default factor is DESNZ/Defra's
// 2023 "Freighting goods" figure for an average-laden diesel HGV, per vehicle km (docs/decisions/0110). It is
// not in ../shared/data (that file holds the material-use and waste-disposal tables), so it is kept here with
// its source and seeded into the reference data (defra_factors, table freighting_goods) beside them.

export const HGV_FACTOR = {
  table_name: 'freighting_goods',
  activity: 'HGV (all diesel)',
  material: 'All HGVs',
  route_or_source: 'Average laden',
  unit: 'km',
  kgco2e: 0.89061,
  source:
    'UK Government GHG Conversion Factors for Company Reporting 2023 (DESNZ/Defra, full set v1.1), sheet "Freighting goods": HGV (all diesel) > All HGVs > Average laden, unit km, kg CO2e (Scope 3). Open Government Licence v3.0.',
} as const;

/** kg CO2e per vehicle km a vehicle gets when none is given. */
export const DEFAULT_KGCO2E_PER_KM = HGV_FACTOR.kgco2e;

/** Distances are kept in km with one decimal, durations in whole minutes. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;
export const wholeMinutes = (minutes: number) => Math.round(minutes);

/** kg CO2e of driving `km` with a vehicle emitting `kgPerKm`, to the gram. */
export function transportCo2eKg(km: number, kgPerKm: number): number {
  return Math.round(km * kgPerKm * 1000) / 1000;
}

export interface TransportTotals {
  trips: number;
  actual_distance_km: number;
  actual_duration_min: number;
  co2e_kg: number;
}

/** The synergy's transport: its completed trips added up (`GET api/exchanges/{id}` field `transport`). */
export function sumTransport(
  trips: readonly { actual_distance: number | null; actual_duration: number | null; transport_co2e_kg: number | null }[],
): TransportTotals {
  let km = 0;
  let min = 0;
  let co2e = 0;
  for (const t of trips) {
    km += t.actual_distance ?? 0;
    min += t.actual_duration ?? 0;
    co2e += t.transport_co2e_kg ?? 0;
  }
  return { trips: trips.length, actual_distance_km: roundKm(km), actual_duration_min: Math.round(min), co2e_kg: Math.round(co2e * 1000) / 1000 };
}
