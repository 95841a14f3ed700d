// The one map wrapper (ARCHITECTURE §5): maplibre is ~440 KB gzip, so the map is its own chunk, loaded the
// first time a map is shown.
import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/States';
import type { MapPickerProps } from './types';

export type { LatLng, MapPickerProps } from './types';

const LazyMapPicker = lazy(() => import('./MapPicker'));

export function MapPicker(props: MapPickerProps) {
  return (
    <Suspense fallback={<div className="map-picker map-picker--loading" style={{ height: props.height ?? 320 }}><LoadingState /></div>}>
      <LazyMapPicker {...props} />
    </Suspense>
  );
}
