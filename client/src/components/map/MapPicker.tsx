// The map picker (maplibre through react-map-gl). Loaded only through ./index.tsx (lib/lazy.ts), so maplibre
// stays out of the first load. A click reports its coordinates; the caller resolves the address. A picked place
// opens at city zoom, and a place picked from the suggestions while the map is open is brought into view.
import { useEffect, useMemo, useRef } from 'react';
import { Layer, Marker, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { MapFrame } from './MapFrame';
import type { MapPickerProps } from './types';

/** Where a picked place is shown: city zoom, close enough to see the pin's street block against the coast. */
export const PICKED_ZOOM = 11;

export default function MapPicker({ center, zoom = 5, marker, points = [], onPick, styleUrl, label, height = 320 }: MapPickerProps) {
  const map = useRef<MapRef>(null);
  const data = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: points.map((p, i) => ({
        type: 'Feature' as const,
        id: i,
        properties: {},
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
      })),
    }),
    [points],
  );
  const start = marker ?? center;
  useEffect(() => {
    const m = map.current;
    if (!m || !marker || m.getBounds().contains([marker.lng, marker.lat])) return;
    m.easeTo({ center: [marker.lng, marker.lat], zoom: Math.max(m.getZoom(), PICKED_ZOOM), duration: 400 });
  }, [marker]);
  return (
    <MapFrame
      styleUrl={styleUrl}
      className="map-picker"
      height={height}
      role="application"
      label={label}
      testId="map-picker"
      mapRef={map}
      initialViewState={{ longitude: start.lng, latitude: start.lat, zoom: marker ? Math.max(zoom, PICKED_ZOOM) : zoom }}
      minZoom={1}
      cursor="crosshair"
      onClick={(e: MapLayerMouseEvent) => onPick({ lat: Number(e.lngLat.lat.toFixed(6)), lng: Number(e.lngLat.lng.toFixed(6)) })}
    >
      <Source id="places" type="geojson" data={data}>
        <Layer
          id="places"
          type="circle"
          paint={{ 'circle-radius': 6, 'circle-color': '#17707a', 'circle-stroke-width': 2, 'circle-stroke-color': '#ffffff' }}
        />
      </Source>
      {marker ? <Marker longitude={marker.lng} latitude={marker.lat} anchor="bottom" color="#a8281f" /> : null}
    </MapFrame>
  );
}
