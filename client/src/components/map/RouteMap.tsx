// Trips on a map (maplibre through react-map-gl): labelled points (pickup, drop-off, the driver's position,
// drivers on the live map) and route lines, dashed when they are a straight-line estimate. Loaded only
// through ./index.tsx (lib/lazy.ts), like the other maps, so maplibre stays out of the first load.
import { useEffect, useMemo, useRef } from 'react';
import { Layer, Source, type MapRef } from 'react-map-gl/maplibre';
import { MapFrame } from './MapFrame';
import type { RouteMapProps } from './types';

/** SPEC §9: default centre in the Gulf region, zoom 13. */
const DEFAULT_CENTER = { lat: 25.2048, lng: 55.2708 };

export default function RouteMap({ points, lines = [], styleUrl, label, height = 400, follow, fit }: RouteMapProps) {
  const map = useRef<MapRef>(null);
  const pointData = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: points.map((p) => ({
        type: 'Feature' as const,
        properties: { id: p.id, color: p.color, label: p.label ?? '', size: p.kind === 'current' ? 9 : 8 },
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
      })),
    }),
    [points],
  );
  const lineData = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: lines.map((l) => ({
        type: 'Feature' as const,
        properties: { id: l.id, color: l.color, dashed: l.dashed ?? false },
        geometry: { type: 'LineString' as const, coordinates: l.coordinates },
      })),
    }),
    [lines],
  );
  // The view shows what the caller names (the driver's leg), or everything.
  const fitted = fit ? points.filter((p) => fit.includes(p.id)) : points;
  const all = [...fitted.map((p) => [p.lng, p.lat] as [number, number]), ...lines.flatMap((l) => l.coordinates)];
  // Refit when what is drawn changes in kind (a new leg, new points), not on every position fix.
  const fitKey = `${points.length}|${fitted.map((p) => p.id).join(',')}|${lines.map((l) => l.id).join(',')}`;
  const bounds = useMemo(() => {
    if (all.length < 2) return null;
    const lngs = all.map((c) => c[0]);
    const lats = all.map((c) => c[1]);
    return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)] as [number, number, number, number];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey]);
  // Keep the followed point (the driver) in view as it moves.
  const followed = follow ? points.find((p) => p.id === follow) : undefined;
  useEffect(() => {
    const m = map.current;
    if (!m || !followed) return;
    if (!m.getBounds().contains([followed.lng, followed.lat])) m.easeTo({ center: [followed.lng, followed.lat], duration: 300 });
  }, [followed?.lat, followed?.lng, followed]);

  const first = fitted[0] ?? points[0] ?? DEFAULT_CENTER;
  return (
    <MapFrame
      styleUrl={styleUrl}
      className="results-map route-map"
      height={height}
      label={label}
      testId="route-map"
      // A new set of things to show (points arriving, a new leg) starts a fresh view fitted to them.
      viewKey={fitKey}
      mapRef={map}
      initialViewState={
        bounds
          ? { bounds, fitBoundsOptions: { padding: 48, maxZoom: 14 } }
          : { longitude: first.lng, latitude: first.lat, zoom: points.length ? 12 : 13 }
      }
    >
      <Source id="route-lines" type="geojson" data={lineData}>
        <Layer
          id="route-lines-solid"
          type="line"
          filter={['!', ['get', 'dashed']]}
          layout={{ 'line-cap': 'round', 'line-join': 'round' }}
          paint={{ 'line-color': ['get', 'color'], 'line-width': 5, 'line-opacity': 0.85 }}
        />
        <Layer
          id="route-lines-dashed"
          type="line"
          filter={['get', 'dashed']}
          paint={{ 'line-color': ['get', 'color'], 'line-width': 4, 'line-dasharray': [2, 1.5], 'line-opacity': 0.85 }}
        />
      </Source>
      <Source id="route-points" type="geojson" data={pointData}>
        <Layer
          id="route-points"
          type="circle"
          paint={{
            'circle-radius': ['get', 'size'],
            'circle-color': ['get', 'color'],
            'circle-stroke-width': 3,
            'circle-stroke-color': '#ffffff',
          }}
        />
      </Source>
    </MapFrame>
  );
}
