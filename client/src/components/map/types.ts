import type { ReactNode } from 'react';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapPickerProps {
  center: LatLng;
  zoom?: number;
  /** The picked place, drawn as a pin. */
  marker?: LatLng | null;
  /** Reference places drawn as dots (e.g. the geocoder's suggestions). */
  points?: LatLng[];
  onPick: (at: LatLng) => void;
  /** A style URL from configuration; the offline style otherwise. */
  styleUrl?: string | null;
  /** Accessible name of the map region. */
  label: string;
  height?: number;
}

/** A result drawn on the results map; the caller renders its popup. */
export interface MapPoint extends LatLng {
  id: number;
  /** Fill colour of the circle (e.g. the listing's category colour). */
  color?: string;
}

export interface ResultsMapProps {
  points: MapPoint[];
  /** The popup content for a clicked point. */
  renderPopup: (id: number) => ReactNode;
  /** Centre and zoom when there are no points (SPEC §9: Gulf region, zoom 13). */
  center?: LatLng;
  zoom?: number;
  styleUrl?: string | null;
  label: string;
  /** SPEC §9: 400 px. */
  height?: number;
}
