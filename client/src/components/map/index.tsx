// The one map wrapper (ARCHITECTURE §5): maplibre is ~440 KB gzip, so each map is its own chunk, loaded the
// first time a map is shown (with the chunk timeout and retry of lib/lazy.ts).
import { Trans } from '@lingui/react/macro';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { LoadingState } from '@/components/ui/States';
import { lazyComponent } from '@/lib/lazy';
import './map.css';
import type { MapPickerProps, ResultsMapProps, RouteMapProps } from './types';

export type { LatLng, MapPickerProps, MapPoint, ResultsMapProps, RouteLine, RouteMapProps, RoutePoint } from './types';

const LazyMapPicker = lazyComponent(() => import('./MapPicker').then((m) => m.default));
const LazyResultsMap = lazyComponent(() => import('./ResultsMap').then((m) => m.default));
const LazyRouteMap = lazyComponent(() => import('./RouteMap').then((m) => m.default));

export function MapPicker(props: MapPickerProps) {
  return (
    <ChunkBoundary
      errorTitle={<Trans>The map could not be loaded</Trans>}
      fallback={
        <div className="map-picker map-picker--loading" style={{ height: props.height ?? 320 }}>
          <LoadingState />
        </div>
      }
    >
      <LazyMapPicker {...props} />
    </ChunkBoundary>
  );
}

/**
 * Starts downloading the map code now, for a page whose map is what it shows (the database's map view asks while
 * its results load). Never for a map that may not be opened: nothing of a map downloads before one is shown.
 */
export function preloadResultsMap(): void {
  void LazyResultsMap.preload();
}

/** Points with popups (the database screen's map view). */
export function ResultsMap(props: ResultsMapProps) {
  return (
    <ChunkBoundary
      errorTitle={<Trans>The map could not be loaded</Trans>}
      fallback={
        <div className="results-map results-map--loading" style={{ height: props.height ?? 400 }}>
          <LoadingState />
        </div>
      }
    >
      <LazyResultsMap {...props} />
    </ChunkBoundary>
  );
}

/** Trips: pickup, drop-off and driver positions with route lines (the driver app, the admin trip view and live map). */
export function RouteMap(props: RouteMapProps) {
  return (
    <ChunkBoundary
      errorTitle={<Trans>The map could not be loaded</Trans>}
      fallback={
        <div className="results-map results-map--loading" style={{ height: props.height ?? 400 }}>
          <LoadingState />
        </div>
      }
    >
      <LazyRouteMap {...props} />
    </ChunkBoundary>
  );
}
