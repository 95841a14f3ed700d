// The map picker (maplibre through react-map-gl). Loaded only through ./index.tsx (lib/lazy.ts), so maplibre
// stays out of the first load. A click reports its coordinates; the caller resolves the address. The base map
// (useBaseStyle) shows land, borders and the gazetteer's cities offline.
import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useMemo } from 'react';
import MapGL, { Layer, Marker, NavigationControl, Source, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { useBaseStyle } from './useBaseStyle';
import type { MapPickerProps } from './types';

// STACK.md: maplibre 6 needs its worker URL before the first map.
setWorkerUrl(workerUrl);

export default function MapPicker({ center, zoom = 5, marker, points = [], onPick, styleUrl, label, height = 320 }: MapPickerProps) {
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
  const base = useBaseStyle(styleUrl);
  return (
    <div className="map-picker" style={{ height }} role="application" aria-label={label} data-basemap={base.kind} data-testid="map-picker">
      <MapGL
        initialViewState={{ longitude: start.lng, latitude: start.lat, zoom: marker ? Math.max(zoom, 8) : zoom }}
        mapStyle={base.style}
        renderWorldCopies={false}
        minZoom={1}
        style={{ width: '100%', height: '100%' }}
        cursor="crosshair"
        attributionControl={false}
        onClick={(e: MapLayerMouseEvent) => onPick({ lat: Number(e.lngLat.lat.toFixed(6)), lng: Number(e.lngLat.lng.toFixed(6)) })}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <Source id="places" type="geojson" data={data}>
          <Layer
            id="places"
            type="circle"
            paint={{ 'circle-radius': 6, 'circle-color': '#17707a', 'circle-stroke-width': 2, 'circle-stroke-color': '#ffffff' }}
          />
        </Source>
        {marker ? <Marker longitude={marker.lng} latitude={marker.lat} anchor="bottom" color="#a8281f" /> : null}
      </MapGL>
    </div>
  );
}
