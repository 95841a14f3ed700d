// Where a code-split component (lib/lazy.ts) renders: a loading state while its chunk downloads, an error
// state with a retry when the chunk fails or times out (SPEC §9). Other errors pass through unchanged.
import { Trans } from '@lingui/react/macro';
import { Component, Suspense, type ReactNode } from 'react';
import { ChunkLoadError, retryFailedChunks } from '@/lib/lazy';
import { ErrorState, LoadingState } from './States';

interface Props {
  children: ReactNode;
  /** Shown while loading; a full loading state by default. */
  fallback?: ReactNode;
  /** The error state's title; "This page could not be loaded" by default. */
  errorTitle?: ReactNode;
  /** A new value (e.g. the route name) clears a shown error: navigating away leaves the failed chunk behind. */
  resetKey?: unknown;
}

export class ChunkBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error !== null) this.setState({ error: null });
  }

  private retry = () => {
    retryFailedChunks();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error !== null) {
      if (!(error instanceof ChunkLoadError)) throw error;
      return (
        <ErrorState title={this.props.errorTitle ?? <Trans>This page could not be loaded</Trans>} onRetry={this.retry}>
          <p>
            <Trans>Part of the application did not arrive. Check your connection and try again.</Trans>
          </p>
        </ErrorState>
      );
    }
    return <Suspense fallback={this.props.fallback ?? <LoadingState />}>{this.props.children}</Suspense>;
  }
}
