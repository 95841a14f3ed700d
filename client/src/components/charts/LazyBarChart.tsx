// The bar chart, loaded only when drawn (it is the larger part of a report's code), above a table that has the
// same figures: when the chart cannot load, the table is what to read.
import { Trans } from '@lingui/react/macro';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { LoadingState } from '@/components/ui/States';
import { lazyComponent } from '@/lib/lazy';
import type { BarChartProps } from './BarChart';

const BarChart = lazyComponent(() => import('./BarChart').then((m) => m.default));

export function LazyBarChart(props: BarChartProps) {
  return (
    <ChunkBoundary errorTitle={<Trans>The chart could not be loaded; the table below has the same figures.</Trans>} fallback={<LoadingState />}>
      <BarChart {...props} />
    </ChunkBoundary>
  );
}
