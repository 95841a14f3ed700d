// Where the app serves its offline base map (server/http/map.ts), read by the map components (client/src/components/map).
export const MAP_PATHS = {
  /** Natural Earth 1:10m countries as TopoJSON (world-atlas): land, water and borders. */
  countries: '/map/countries.json',
  /** The offline gazetteer's cities: the names on the base map. */
  places: '/map/places.json',
  /** The Protomaps vector tiles of MAP_PMTILES_PATH, served with range requests. */
  pmtiles: '/map/tiles.pmtiles',
} as const;

/** A city on the base map; `rank` 0 is the most important of its country (the gazetteer's order). */
export interface MapPlace {
  name: string;
  country: string;
  lat: number;
  lng: number;
  rank: number;
}
