// The map picker (maplibre through react-map-gl). Loaded only through ./index.tsx (React.lazy), so maplibre
// stays out of the first load. A click reports its coordinates; the caller resolves the address.
import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useMemo } from 'react';
import MapGL, { Layer, Marker, NavigationControl, Source, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { GRATICULE, OFFLINE_STYLE } from './style';
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
  return (
    <div className="map-picker" style={{ height }} role="application" aria-label={label}>
      <MapGL
        initialViewState={{ longitude: start.lng, latitude: start.lat, zoom: marker ? Math.max(zoom, 8) : zoom }}
        mapStyle={styleUrl ?? OFFLINE_STYLE}
        style={{ width: '100%', height: '100%' }}
        cursor="crosshair"
        attributionControl={false}
        onClick={(e: MapLayerMouseEvent) => onPick({ lat: Number(e.lngLat.lat.toFixed(6)), lng: Number(e.lngLat.lng.toFixed(6)) })}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {styleUrl ? null : (
          <Source id="graticule" type="geojson" data={GRATICULE}>
            <Layer id="graticule" type="line" paint={{ 'line-color': '#9fbfb1', 'line-width': ['case', ['get', 'major'], 1.2, 0.5] }} />
          </Source>
        )}
        <Source id="places" type="geojson" data={data}>
          <Layer id="places" type="circle" paint={{ 'circle-radius': 6, 'circle-color': '#17707a', 'circle-stroke-width': 2, 'circle-stroke-color': '#ffffff' }} />
        </Source>
        {marker ? (
          <Marker longitude={marker.lng} latitude={marker.lat} anchor="bottom" color="#a8281f" />
        ) : null}
      </MapGL>
    </div>
  );
}
