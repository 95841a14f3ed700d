// The frame every map draws in: the base style (offline or configured), the map over it with the zoom buttons every
// map has, and the loading and failure states (with a retry) on top of it until its first frame.
import 'maplibre-gl/dist/maplibre-gl.css';
import './maplibre';
import type { ReactNode, Ref } from 'react';
import MapGL, { NavigationControl, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { MapStatus, useMapFrame } from './MapStatus';
import { useBaseStyle } from './useBaseStyle';

type OwnMapProps = 'mapStyle' | 'style' | 'onLoad' | 'onError' | 'renderWorldCopies' | 'attributionControl';

export function MapFrame({
  styleUrl,
  className,
  height,
  role = 'region',
  label,
  testId,
  viewKey = '',
  mapRef,
  children,
  ...mapProps
}: Omit<MapProps, OwnMapProps> & {
  styleUrl?: string | null;
  className: string;
  height?: number;
  /** 'application' for a map that takes clicks as input (picking a place). */
  role?: 'region' | 'application';
  label: string;
  testId: string;
  /** A new value starts a fresh map: a new set of things to show gets a view fitted to it. */
  viewKey?: string;
  mapRef?: Ref<MapRef>;
  children: ReactNode;
}) {
  const base = useBaseStyle(styleUrl);
  const frame = useMapFrame(base);
  return (
    <div
      className={`${className} map-frame`}
      style={{ height }}
      role={role}
      aria-label={label}
      aria-busy={frame.state === 'loading'}
      data-testid={testId}
      data-basemap={base.kind}
      data-map-state={frame.state}
    >
      {base.style ? (
        <MapGL
          key={`${frame.attempt}|${viewKey}`}
          ref={mapRef}
          {...mapProps}
          mapStyle={base.style}
          renderWorldCopies={false}
          style={{ width: '100%', height: '100%' }}
          attributionControl={{ compact: true }}
          onLoad={frame.onLoad}
          onError={frame.onError}
        >
          <NavigationControl position="top-right" showCompass={false} />
          {children}
        </MapGL>
      ) : null}
      <MapStatus state={frame.state} onRetry={frame.retry} />
    </div>
  );
}
