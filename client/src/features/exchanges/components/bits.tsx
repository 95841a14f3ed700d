// Small pieces of the synergies page: a synergy's status chip, a star rating.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Synergy } from '../lib/synergy';

const SYNERGY_STATUS_LABELS: Record<Synergy['status'], MessageDescriptor> = {
  in_progress: msg`In progress`,
  successful: msg`Completed: successful`,
  unsuccessful: msg`Completed: unsuccessful`,
};

export function SynergyStatusChip({ status }: { status: Synergy['status'] }) {
  const { i18n } = useLingui();
  return <span className={`status-chip status-chip--synergy-${status}`}>{i18n._(SYNERGY_STATUS_LABELS[status])}</span>;
}

/** Read-only stars with the number spoken (shared with the public company page). */
export { Stars } from '@/components/ui/Stars';
