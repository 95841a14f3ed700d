// Listing results on a map (maplibre through react-map-gl): one GeoJSON source, a circle layer, a popup on
// click. Loaded only through ./index.tsx (lib/lazy.ts), like the picker, so maplibre stays out of the first load.
import { useMemo, useState } from 'react';
import { Layer, Popup, Source, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { MapFrame } from './MapFrame';
import type { ResultsMapProps } from './types';

/** SPEC §9: default centre in the Gulf region, zoom 13, height 400 px. */
export const DEFAULT_CENTER = { lat: 25.2048, lng: 55.2708 };
export const DEFAULT_ZOOM = 13;

export default function ResultsMap({
  points,
  renderPopup,
  center = DEFAULT_CENTER,
  zoom = DEFAULT_ZOOM,
  styleUrl,
  label,
  height = 400,
}: ResultsMapProps) {
  const [open, setOpen] = useState<number | null>(null);
  const data = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: points.map((p) => ({
        type: 'Feature' as const,
        id: p.id,
        properties: { id: p.id, color: p.color ?? '#17707a' },
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
      })),
    }),
    [points],
  );
  // Fit all results; a single point (or none) uses the default zoom.
  const initialViewState = useMemo(() => {
    if (points.length === 0) return { longitude: center.lng, latitude: center.lat, zoom };
    if (points.length === 1) return { longitude: points[0]!.lng, latitude: points[0]!.lat, zoom: 11 };
    const lngs = points.map((p) => p.lng);
    const lats = points.map((p) => p.lat);
    return {
      bounds: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)] as [number, number, number, number],
      fitBoundsOptions: { padding: 48, maxZoom: 12 },
    };
    // The view is set once per result set; panning is the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  const selected = open === null ? null : points.find((p) => p.id === open);
  const here = selected ? points.filter((p) => p.lat === selected.lat && p.lng === selected.lng).map((p) => p.id) : [];
  return (
    <MapFrame
      styleUrl={styleUrl}
      className="results-map"
      height={height}
      label={label}
      testId="results-map"
      viewKey={points.map((p) => p.id).join(',')}
      initialViewState={initialViewState}
      interactiveLayerIds={['results']}
      cursor={open === null ? 'grab' : 'pointer'}
      onClick={(e: MapLayerMouseEvent) => {
        const id = e.features?.[0]?.properties?.id as number | undefined;
        setOpen(id ?? null);
      }}
    >
      <Source id="results" type="geojson" data={data}>
        <Layer
          id="results"
          type="circle"
          paint={{ 'circle-radius': 9, 'circle-color': ['get', 'color'], 'circle-stroke-width': 2.5, 'circle-stroke-color': '#ffffff' }}
        />
      </Source>
      {selected ? (
        // No fixed anchor: maplibre places the popup on the side of the point where it fits inside the map.
        <Popup longitude={selected.lng} latitude={selected.lat} offset={14} onClose={() => setOpen(null)} closeOnClick={false} maxWidth="260px">
          {renderPopup(here)}
        </Popup>
      ) : null}
    </MapFrame>
  );
}
