// Archive / deactivate / re-activate / delete for the company's own listing, with confirmation for the
// irreversible and visibility-changing ones, and SPEC §8 snackbars.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { errorText } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { ListingStatus } from '@shared/constants/enums';
import { listingMachine, type ListingAction as StatusAction } from '@shared/machines/listing';

const ACTION_LABEL: Record<StatusAction | 'delete', MessageDescriptor> = {
  archive: msg`Archive`,
  deactivate: msg`Deactivate`,
  reactivate: msg`Re-activate`,
  delete: msg`Delete`,
};
const CONFIRM_TEXT: Record<StatusAction | 'delete', MessageDescriptor> = {
  archive: msg`Archive this listing? It leaves the marketplace; you can re-activate it later.`,
  deactivate: msg`Deactivate this listing? It is hidden from the marketplace until you re-activate it.`,
  reactivate: msg`Re-activate this listing? It shows in the marketplace again.`,
  delete: msg`Delete this listing for good? Its photos and sub-listings are removed too. This cannot be undone.`,
};
const DONE_TEXT: Record<StatusAction | 'delete', MessageDescriptor> = {
  archive: msg`Offering archived`,
  deactivate: msg`Offering deactivated`,
  reactivate: msg`Offering re-activated`,
  delete: msg`Offering deleted`,
};
const FAILED_TEXT: Record<StatusAction | 'delete', MessageDescriptor> = {
  // SPEC §8 names the archive failure; the others follow its pattern.
  archive: msg`Failed to archive offer`,
  deactivate: msg`Failed to deactivate offer`,
  reactivate: msg`Failed to re-activate offer`,
  delete: msg`Failed to delete offer`,
};

export function StatusActions({
  id,
  title,
  status,
  allowDelete,
  onDeleted,
  size = 'sm',
}: {
  id: number;
  title: string;
  status: ListingStatus;
  allowDelete?: boolean;
  onDeleted?: () => void;
  size?: 'sm' | 'md';
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<StatusAction | 'delete' | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.materials.pathKey() });
  const setStatus = useMutation(trpc.materials.setStatus.mutationOptions());
  const remove = useMutation(trpc.materials.delete.mutationOptions());
  const busy = setStatus.isPending || remove.isPending;

  const run = async (action: StatusAction | 'delete') => {
    try {
      if (action === 'delete') await remove.mutateAsync({ id });
      else await setStatus.mutateAsync({ id, action });
      showSnackbar(DONE_TEXT[action]);
      setConfirm(null);
      if (action === 'delete') onDeleted?.();
      await refresh();
    } catch (err) {
      const reason = errorText(i18n, err);
      showSnackbar(`${i18n._(FAILED_TEXT[action])}: ${reason}`, { tone: 'error' });
      setConfirm(null);
    }
  };

  // The buttons are the shared transition table's row for this status (the server applies the same table).
  const actions: (StatusAction | 'delete')[] = [...listingMachine.actionsFrom(status), ...(allowDelete ? (['delete'] as const) : [])];
  return (
    <div className="row-actions">
      {actions.map((a) => (
        <Button
          key={a}
          size={size}
          variant={a === 'delete' ? 'danger' : a === 'reactivate' ? 'primary' : 'secondary'}
          disabled={busy}
          onClick={() => setConfirm(a)}
          aria-label={`${i18n._(ACTION_LABEL[a])}: ${title}`}
        >
          {i18n._(ACTION_LABEL[a])}
        </Button>
      ))}
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} title={confirm ? i18n._(ACTION_LABEL[confirm]) : ''} closeLabel={t`Close`}>
        {confirm ? (
          <>
            <p>
              <strong>{title}</strong>
            </p>
            <p>{i18n._(CONFIRM_TEXT[confirm])}</p>
            <div className="dialog__actions">
              <Button variant="ghost" onClick={() => setConfirm(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant={confirm === 'delete' ? 'danger' : 'primary'} loading={busy} onClick={() => void run(confirm)}>
                {i18n._(ACTION_LABEL[confirm])}
              </Button>
            </div>
          </>
        ) : null}
      </Dialog>
    </div>
  );
}
