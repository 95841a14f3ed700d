// What a map shows over itself until its first frame (a loading state) and when its style cannot be had (an error
// state with a retry). Part of the map chunk: the chunk's own download shows the same loading state (./index.tsx).
import { Trans } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { ErrorEvent as MapErrorEvent } from 'react-map-gl/maplibre';
import { ErrorState, LoadingState } from '@/components/ui/States';
import type { BaseMapKind } from './useBaseStyle';

export type MapFrameState = 'loading' | 'ready' | 'error';

/** The first frame, performance-marked for scripts/bench/map-first-frame.ts. */
export const FIRST_FRAME_MARK = 'map-first-frame';

/**
 * The state of one map: loading until maplibre's `load` (the style and the tiles in view drawn once), an error when
 * the style fails before that. Tile errors after it leave the map as it is: it still shows what it has.
 */
export function useMapFrame(base: { kind: BaseMapKind; retry: () => void }) {
  const { kind, retry: retryStyle } = base;
  const [state, setState] = useState<MapFrameState>('loading');
  const [attempt, setAttempt] = useState(0);
  const onLoad = useCallback(() => {
    performance.mark(FIRST_FRAME_MARK);
    setState('ready');
  }, []);
  const onError = useCallback((e: MapErrorEvent) => {
    // A source's tile carries its source id; the style itself (URL, JSON, worker) does not.
    if (!('sourceId' in e)) setState((s) => (s === 'ready' ? s : 'error'));
  }, []);
  const retry = useCallback(() => {
    setState('loading');
    setAttempt((a) => a + 1);
    retryStyle();
  }, [retryStyle]);
  return { state: kind === 'error' ? ('error' as const) : state, attempt, onLoad, onError, retry };
}

export function MapStatus({ state, onRetry }: { state: MapFrameState; onRetry: () => void }) {
  if (state === 'ready') return null;
  return (
    <div className={`map-status map-status--${state}`} data-testid="map-status">
      {state === 'loading' ? (
        <LoadingState label={<Trans>Loading the map…</Trans>} />
      ) : (
        <ErrorState title={<Trans>The map could not be loaded</Trans>} onRetry={onRetry}>
          <p>
            <Trans>Check your connection and try again.</Trans>
          </p>
        </ErrorState>
      )}
    </div>
  );
}
