// The manager panel's donations tab (SPEC §2 /account/manager-panel/donations): the company's donations with their
// state, the form to create one or edit a pending or denied one (`?new`, `?edit={id}`), and the print view with the
// QR code once approved. `?donation={id}` (the notification's link) highlights one donation.
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/Button';
import { EditorSlot } from '@/components/ui/EditorParts';
import { Icon } from '@/components/ui/Icon';
import { PagedList } from '@/components/ui/PagedList';
import { EmptyState, ErrorState } from '@/components/ui/States';
import { to } from '@/config/paths';
import { useEditorRoute } from '@/hooks/useEditorRoute';
import { useRealtimeEvent } from '@/hooks/useRealtime';
import { useTRPC } from '@/lib/trpc';
import type { DonationStatus } from '@shared/constants/enums';
import { donationActions } from '@shared/machines/donation';
import { DonationCard } from '@/components/donation/DonationCard';
import { DonationStatusSelect } from '@/components/donation/DonationStatusSelect';
import { DonationEditor } from './DonationEditor';
import '../donations.css';

const BASE = '/account/manager-panel/donations';
const SIZE = 10;

export function DonationsPanel() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const editor = useEditorRoute(BASE);
  const { editId, creating } = editor;
  const highlight = Number(editor.params.get('donation')) || null;
  const [status, setStatus] = useState<DonationStatus | ''>('');
  const [page, setPage] = useState(0);

  const list = useQuery({
    ...trpc.donations.mine.queryOptions({ status: status || undefined, page, size: SIZE }),
    placeholderData: keepPreviousData,
  });
  const editing = useQuery({ ...trpc.donations.get.queryOptions({ id: editId ?? 0 }), enabled: !!editId });
  // An administrator's decision or a hand-over arrives as a notification; the list follows without a reload.
  useRealtimeEvent('newNotification', (n) => {
    if (n.code.startsWith('notification.donation')) void qc.invalidateQueries({ queryKey: trpc.donations.pathKey() });
  });
  useEffect(() => {
    if (!highlight || !list.data) return;
    document.querySelector(`[data-donation="${highlight}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlight, list.data]);

  return (
    <div className="donations" data-testid="donations-panel">
      <div className="donations__bar spread">
        <h2>
          <Trans>Your donations</Trans>
        </h2>
        {!creating && !editId ? (
          <Button icon={<Icon name="plus" />} onClick={editor.openNew} data-testid="new-donation">
            <Trans>New donation</Trans>
          </Button>
        ) : null}
      </div>

      <EditorSlot creating={creating} editId={editId} editing={editing} errorTitle={<Trans>Could not load this donation</Trans>}>
        {(detail, key) =>
          !detail || donationActions(detail.status, 'donor').includes('edit') ? (
            <DonationEditor key={key} detail={detail} onDone={editor.close} />
          ) : (
            <ErrorState title={<Trans>This donation can no longer be edited</Trans>}>
              <p>
                <Trans>Approved and handed-over donations keep what the administrator approved.</Trans>
              </p>
            </ErrorState>
          )
        }
      </EditorSlot>

      <div className="donations__filters">
        <DonationStatusSelect
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(0);
          }}
        />
      </div>

      <PagedList
        list={list}
        errorTitle={<Trans>Could not load your donations</Trans>}
        empty={
          page === 0 && !status ? (
            <EmptyState icon="heart" title={<Trans>No donations yet</Trans>}>
              <p>
                <Trans>
                  Give what your company no longer needs to schools, food banks and community projects. An administrator approves it first.
                </Trans>
              </p>
            </EmptyState>
          ) : (
            <p className="donations-dash__note">
              <Trans>No donations have this status.</Trans>
            </p>
          )
        }
        page={page}
        size={SIZE}
        onPage={setPage}
      >
        {(data) => (
          <ul className="donation-list card-list" aria-label={t`Your donations`}>
            {data.items.map((d) => {
              const editable = donationActions(d.status, 'donor').includes('edit');
              const printable = d.status === 'approved' || d.status === 'handed_over';
              return (
                <li key={d.id}>
                  <DonationCard
                    d={d}
                    highlighted={d.id === highlight}
                    actions={
                      editable || printable ? (
                        <>
                          {editable ? (
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => editor.openEdit(d.id)}
                              // The name starts with the visible words (WCAG 2.5.3 label in name), then says which donation.
                              aria-label={`${d.status === 'denied' ? t`Edit and send again` : t`Edit`}: ${d.title}`}
                            >
                              {d.status === 'denied' ? t`Edit and send again` : t`Edit`}
                            </Button>
                          ) : null}
                          {printable ? (
                            <ButtonLink size="sm" variant="secondary" href={to.donationPrint(d.id)} icon={<Icon name="file" size={16} />}>
                              <Trans>Print QR code</Trans>
                            </ButtonLink>
                          ) : null}
                        </>
                      ) : null
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
