// Code-split components (route pages, the map) with SPEC §9's chunk load timeout and a retry. React.lazy
// remembers a failed import for good, so a page whose chunk failed once could never load without a reload;
// here a failed chunk is forgotten by `retryFailedChunks()` (ChunkBoundary's "Try again") and asked for anew.
import { createElement, use, type ComponentType, type FunctionComponent } from 'react';
import { LIMITS } from '@shared/constants/limits';

/** A code chunk that failed to download or took longer than the timeout; ChunkBoundary shows it. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const failed = new Set<() => void>();

/** Forgets the chunks that failed, so their components ask for them again on the next render. */
export function retryFailedChunks() {
  for (const forget of failed) forget();
  failed.clear();
}

/** Rejects with a ChunkLoadError when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`chunk not loaded within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type LazyComponent<P> = FunctionComponent<P> & {
  /** Starts the download early (e.g. on hover); never rejects. */
  preload: () => Promise<void>;
};

/**
 * A component whose code is downloaded on first render. While it loads, the nearest Suspense boundary shows
 * its fallback; a failure or timeout throws a ChunkLoadError to the nearest ChunkBoundary.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs: number = LIMITS.chunkLoadTimeoutMs,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () => {
    pending ??= withTimeout(load(), timeoutMs).then(
      (component) => (loaded = component),
      (cause: unknown) => {
        failed.add(() => (pending = null));
        throw cause instanceof ChunkLoadError ? cause : new ChunkLoadError('chunk failed to load', { cause });
      },
    );
    return pending;
  };
  function Lazy(props: P) {
    // `use` suspends on the one cached promise until it settles, then returns the component or throws.
    return createElement(loaded ?? use(start()), props);
  }
  return Object.assign(Lazy, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
