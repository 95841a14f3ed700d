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
