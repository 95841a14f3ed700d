// The two decisions on a synergy: end it (successful or not, earnings and savings) and rate it (once per
// company, after it has ended). The dialogs are here; their forms are a chunk of their own (SynergyForms.tsx),
// fetched when one opens, or earlier on hover or focus of the button that opens it (`preloadSynergyForms`).
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '@/components/ui/Dialog';
import { ChunkBoundary } from '@/components/ui/ChunkBoundary';
import { LoadingState } from '@/components/ui/States';
import { lazyComponent } from '@/lib/lazy';
import type { Synergy } from '../lib/synergy';

const EndForm = lazyComponent(() => import('./SynergyForms').then((m) => m.EndForm));
const RateForm = lazyComponent(() => import('./SynergyForms').then((m) => m.RateForm));

export const preloadSynergyForms = () => void EndForm.preload();

type DialogProps = { synergy: Synergy; title: string; open: boolean; onClose: () => void };

export function EndSynergyDialog({ synergy, title, open, onClose }: DialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`End synergy`} closeLabel={t`Close`}>
      {open ? (
        <ChunkBoundary fallback={<LoadingState />}>
          <EndForm synergy={synergy} title={title} onClose={onClose} />
        </ChunkBoundary>
      ) : null}
    </Dialog>
  );
}

export function RateSynergyDialog({ synergy, title, other, open, onClose }: DialogProps & { other: string }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Rate synergy`} closeLabel={t`Close`}>
      {open ? (
        <ChunkBoundary fallback={<LoadingState />}>
          <RateForm synergy={synergy} title={title} other={other} onClose={onClose} />
        </ChunkBoundary>
      ) : null}
    </Dialog>
  );
}
