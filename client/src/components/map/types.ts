import type { ReactNode } from 'react';

export interface LatLng {
  lat: number;
  lng: number;
}

/** What every map takes. */
interface MapBaseProps {
  /** A style URL from configuration; the offline style otherwise. */
  styleUrl?: string | null;
  /** Accessible name of the map region. */
  label: string;
  height?: number;
  /** Opened by the user (a "Show the map" button): starts at once. Otherwise a map starts when scrolled into view. */
  opened?: boolean;
}

export interface MapPickerProps extends MapBaseProps {
  center: LatLng;
  zoom?: number;
  /** The picked place, drawn as a pin. */
  marker?: LatLng | null;
  /** Reference places drawn as dots (e.g. the geocoder's suggestions). */
  points?: LatLng[];
  onPick: (at: LatLng) => void;
}

/** A result drawn on the results map; the caller renders its popup. */
export interface MapPoint extends LatLng {
  id: number;
  /** Fill colour of the circle (e.g. the listing's category colour). */
  color?: string;
}

export interface ResultsMapProps extends MapBaseProps {
  points: MapPoint[];
  /** The popup content for a clicked point: the ids of every result at that spot (one company site lists several). */
  renderPopup: (ids: number[]) => ReactNode;
  /** Centre and zoom when there are no points (SPEC §9: Gulf region, zoom 13). */
  center?: LatLng;
  zoom?: number;
  /** SPEC §9: 400 px. */
  height?: number;
}

/** A labelled point on a route map: a trip's pickup or drop-off, the driver's position, a driver on the live map. */
export interface RoutePoint extends LatLng {
  id: string;
  kind: 'pickup' | 'dropoff' | 'current' | 'driver';
  color: string;
  /** Shown in the legend the caller renders; the map itself draws no text (the offline style has no glyphs). */
  label?: string;
}

/** A route as [lng, lat] pairs; dashed when it is a straight-line estimate. */
export interface RouteLine {
  id: string;
  coordinates: [number, number][];
  color: string;
  dashed?: boolean;
}

export interface RouteMapProps extends MapBaseProps {
  points: RoutePoint[];
  lines?: RouteLine[];
  /** SPEC §9: 400 px. */
  height?: number;
  /** The id of a point to keep in view as it moves (the driver). */
  follow?: string;
  /** The ids of the points (and every line) the view is fitted to; all points when absent. */
  fit?: string[];
}
