// The one map wrapper (ARCHITECTURE §5): maplibre is ~440 KB gzip, so each map is its own chunk, loaded the
// first time a map is shown (with the chunk timeout and retry of lib/lazy.ts). A map starts (its chunk, its GL
// context, its tiles) only when its place on the page scrolls into view: on a phone the trip, live and database maps
// sit below the fold, and starting maplibre costs a mid-range phone about a second of main thread. Not earlier (a
// margin): that second would then fall in the middle of the user's scroll instead of after it.
import { Trans } from '@lingui/react/macro';
import { useRef, type ComponentType, type ReactNode } from 'react';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { LoadingState } from '@/components/ui/States';
import { useNearViewport } from '@/hooks/useNearViewport';
import { lazyComponent } from '@/lib/lazy';
import './map.css';
import type { MapPickerProps, ResultsMapProps, RouteMapProps } from './types';

export type { LatLng, MapPickerProps, MapPoint, ResultsMapProps, RouteLine, RouteMapProps, RoutePoint } from './types';

const LazyMapPicker = lazyComponent(() => import('./MapPicker').then((m) => m.default));
const LazyResultsMap = lazyComponent(() => import('./ResultsMap').then((m) => m.default));
const LazyRouteMap = lazyComponent(() => import('./RouteMap').then((m) => m.default));

/** The map's place until it is in view, its loading state until its chunk has come, then the map. */
function LazyMap({ className, height, opened, children }: { className: string; height: number; opened?: boolean; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place) || opened;
  // Out of view it holds the map's place (nothing moves when it starts) and says nothing: nothing is loading yet.
  if (!near) return <div ref={place} className={`${className} ${className}--loading`} style={{ height }} data-testid="map-waiting" />;
  const placeholder = (
    <div className={`${className} ${className}--loading`} style={{ height }} data-testid="map-waiting">
      <LoadingState />
    </div>
  );
  return (
    <ChunkBoundary errorTitle={<Trans>The map could not be loaded</Trans>} fallback={placeholder}>
      {children}
    </ChunkBoundary>
  );
}

/** One map of the wrapper: its chunk, its class, and its height unless the caller gives one. */
function lazyMap<P extends { height?: number; opened?: boolean }>(Map: ComponentType<P>, className: string, height: number) {
  return function WrappedMap(props: P) {
    return (
      <LazyMap className={className} height={props.height ?? height} opened={props.opened}>
        <Map {...props} />
      </LazyMap>
    );
  };
}

export const MapPicker = lazyMap<MapPickerProps>(LazyMapPicker, 'map-picker', 320);

/**
 * Starts downloading the map code now, when the user has asked for a map (the database's Map button): it comes while
 * the results load. Never for a map that may not be opened: nothing of a map downloads before one is shown.
 */
export function preloadResultsMap(): void {
  void LazyResultsMap.preload();
}

/** Points with popups (the database screen's map view). */
export const ResultsMap = lazyMap<ResultsMapProps>(LazyResultsMap, 'results-map', 400);

/** Trips: pickup, drop-off and driver positions with route lines (the driver app, the admin trip view and live map). */
export const RouteMap = lazyMap<RouteMapProps>(LazyRouteMap, 'results-map', 400);
