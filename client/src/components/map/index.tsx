// The one map wrapper (ARCHITECTURE §5): maplibre is ~440 KB gzip, so each map is its own chunk, loaded the
// first time a map is shown.
import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/States';
import './map.css';
import type { MapPickerProps, ResultsMapProps } from './types';

export type { LatLng, MapPickerProps, MapPoint, ResultsMapProps } from './types';

const LazyMapPicker = lazy(() => import('./MapPicker'));
const LazyResultsMap = lazy(() => import('./ResultsMap'));

export function MapPicker(props: MapPickerProps) {
  return (
    <Suspense fallback={<div className="map-picker map-picker--loading" style={{ height: props.height ?? 320 }}><LoadingState /></div>}>
      <LazyMapPicker {...props} />
    </Suspense>
  );
}

/** Points with popups (the database screen's map view). */
export function ResultsMap(props: ResultsMapProps) {
  return (
    <Suspense fallback={<div className="results-map results-map--loading" style={{ height: props.height ?? 400 }}><LoadingState /></div>}>
      <LazyResultsMap {...props} />
    </Suspense>
  );
}
