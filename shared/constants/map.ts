// Where the app serves its maps (server/http/map.ts), read by the map components (client/src/components/map).
export const MAP_PATHS = {
  /** The offline base map's vector tiles (docs/decisions/0200); `{v}` is the archive's version, for caching. */
  tiles: '/map/tiles/{z}/{x}/{y}.mvt',
  /** The Protomaps vector tiles of MAP_PMTILES_PATH, served with range requests. */
  pmtiles: '/map/tiles.pmtiles',
} as const;

/** The offline base map the app builds and serves (docs/decisions/0200). */
export const BASEMAP = {
  /** Tiles exist down to this zoom; maps zoom further by enlarging them (the data is good to about 100 m). */
  maxZoom: 8,
  /** Shown on every map drawn with it (ODbL: the data is OpenStreetMap's; its copyright page names the licence). */
  attribution:
    '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>, <a href="https://github.com/simonepri/geo-maps" target="_blank" rel="noopener">geo-maps</a>',
} as const;
