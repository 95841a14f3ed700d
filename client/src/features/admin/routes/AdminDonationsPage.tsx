// /admin/donations (SPEC §2, §4, §5): every company's donations by status (pending first), paged, with approve (an
// approver name) and deny (a reason) for pending ones; and the donation tags (create, rename, delete). Changes by
// other administrators or donors arrive live (donationChanged).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MissingNames, NameFields } from '@/components/forms/NameFields';
import { nameDefaults } from '@/components/forms/nameDefaults';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Counter } from '@/components/ui/Counter';
import { TextArea, TextField } from '@/components/ui/Field';
import { FormDialog } from '@/components/ui/FormDialog';
import { Icon } from '@/components/ui/Icon';
import { QueryView } from '@/components/ui/QueryView';
import { EmptyState } from '@/components/ui/States';
import { Tabs } from '@/components/ui/Tabs';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useRealtimeEvent } from '@/hooks/useRealtime';
import { getAppError } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { refName, refText } from '@/lib/reference';
import type { DonationStatus } from '@shared/constants/enums';
import { LIMITS } from '@shared/constants/limits';
import { donationActions } from '@shared/machines/donation';
import { approveDonationInput, denyDonationInput, donationTagFields } from '@shared/schemas/donations';
import { DonationCard, type DonationItem } from '@/components/donation/DonationCard';
import { DonationStatusSelect } from '@/components/donation/DonationStatusSelect';
import { PagedList } from '@/components/ui/PagedList';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { useAdminListFilters } from '../components/useAdminListFilters';
import '../admin-console.css';

const SIZE = 10;
type Section = 'donations' | 'tags';

export function AdminDonationsPage() {
  const { t } = useLingui();
  const [section, setSection] = useState<Section>('donations');
  return (
    <>
      <PageHeader
        title={<Trans>Donations</Trans>}
        description={<Trans>Approve donations with an approver name or deny them with a reason, and manage donation tags.</Trans>}
      />
      <Card>
        <Tabs
          label={t`Donation sections`}
          selected={section}
          onSelect={(id) => setSection(id as Section)}
          items={[
            { id: 'donations', label: t`Donations` },
            { id: 'tags', label: t`Donation tags` },
          ]}
        >
          {section === 'donations' ? <DonationQueue /> : <TagsManager />}
        </Tabs>
      </Card>
    </>
  );
}

function DonationQueue() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { filters, setFilter, page, setPage, q: query } = useAdminListFilters({ status: 'pending' as DonationStatus | '', q: '' });
  const { status } = filters;
  const list = useQuery({
    ...trpc.donations.admin.list.queryOptions({ status: status || undefined, q: query, page, size: SIZE }),
    placeholderData: keepPreviousData,
  });
  const [deciding, setDeciding] = useState<{ d: DonationItem; action: 'approve' | 'deny' } | null>(null);
  useRealtimeEvent('donationChanged', () => void qc.invalidateQueries({ queryKey: trpc.donations.admin.list.queryKey() }));

  return (
    <div className="admin-donations__tabs" data-testid="admin-donations">
      <div className="donations__filters">
        <DonationStatusSelect value={status} onChange={(next) => setFilter('status', next)} />
        <TextField
          label={<Trans>Search</Trans>}
          type="search"
          value={filters.q}
          placeholder={t`Title or company`}
          onChange={(e) => setFilter('q', e.target.value)}
        />
      </div>
      <PagedList
        list={list}
        errorTitle={<Trans>The donations could not be loaded</Trans>}
        empty={
          <EmptyState
            icon="heart"
            title={status === 'pending' && !query ? <Trans>No donations wait for a decision</Trans> : <Trans>No donations match</Trans>}
          />
        }
        page={page}
        size={SIZE}
        onPage={setPage}
      >
        {(data) => (
          <ul className="donation-list card-list" aria-label={t`Donations`}>
            {data.items.map((d) => {
              const actions = donationActions(d.status, 'admin');
              return (
                <li key={d.id}>
                  <DonationCard
                    d={d}
                    showDonor
                    actions={
                      actions.length ? (
                        <>
                          <Button
                            size="sm"
                            icon={<Icon name="check" size={16} />}
                            onClick={() => setDeciding({ d, action: 'approve' })}
                            aria-label={`${t`Approve`}: ${d.title}`}
                          >
                            <Trans>Approve</Trans>
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setDeciding({ d, action: 'deny' })}
                            aria-label={`${t`Deny`}: ${d.title}`}
                          >
                            <Trans>Deny</Trans>
                          </Button>
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
      {deciding?.action === 'approve' ? <ApproveDialog d={deciding.d} onClose={() => setDeciding(null)} /> : null}
      {deciding?.action === 'deny' ? <DenyDialog d={deciding.d} onClose={() => setDeciding(null)} /> : null}
    </div>
  );
}

const approveForm = approveDonationInput.omit({ id: true });
const denyForm = denyDonationInput.omit({ id: true });

/**
 * Takes an approve or deny decision, then says so, reads the donations again and closes the dialog. When another
 * administrator decided first (CONFLICT) the list is read again too, and the dialog shows why it failed.
 */
function useDecide() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return async (decide: () => Promise<unknown>, done: MessageDescriptor, onClose: () => void) => {
    try {
      await decide();
    } catch (e) {
      if (getAppError(e).code === 'CONFLICT') void qc.invalidateQueries({ queryKey: trpc.donations.pathKey() });
      throw e;
    }
    showSnackbar(done);
    await qc.invalidateQueries({ queryKey: trpc.donations.pathKey() });
    onClose();
  };
}

function ApproveDialog({ d, onClose }: { d: DonationItem; onClose: () => void }) {
  const trpc = useTRPC();
  const session = useSession();
  const approve = useMutation(trpc.donations.admin.approve.mutationOptions());
  const decide = useDecide();
  const me = [session?.user.first_name, session?.user.last_name].filter(Boolean).join(' ');
  const form = useSchemaForm(approveForm, {
    defaultValues: { approver_name: me },
  });
  const field = useFieldProps(form);
  const name = useWatch({ control: form.control, name: 'approver_name' }) ?? '';
  const title = d.title;
  return (
    <FormDialog
      form={form}
      title={<Trans>Approve “{title}”?</Trans>}
      onSave={(v) => decide(() => approve.mutateAsync({ id: d.id, ...v }), msg`Donation approved`, onClose)}
      onClose={onClose}
      submitLabel={<Trans>Approve</Trans>}
      testId="approve-dialog"
      submitTestId="confirm-approve"
    >
      <p>
        <Trans>The donor’s managers are told at once and can print the QR code for the hand-over.</Trans>
      </p>
      <TextField
        label={<Trans>Approver name</Trans>}
        required
        data-autofocus
        maxLength={LIMITS.approverNameMax + 10}
        hint={<Counter length={name.length} max={LIMITS.approverNameMax} />}
        {...field('approver_name')}
      />
    </FormDialog>
  );
}

function DenyDialog({ d, onClose }: { d: DonationItem; onClose: () => void }) {
  const trpc = useTRPC();
  const deny = useMutation(trpc.donations.admin.deny.mutationOptions());
  const decide = useDecide();
  const form = useSchemaForm(denyForm, {
    defaultValues: { reason: '' },
  });
  const field = useFieldProps(form);
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const title = d.title;
  return (
    <FormDialog
      form={form}
      title={<Trans>Deny “{title}”?</Trans>}
      onSave={(v) => decide(() => deny.mutateAsync({ id: d.id, ...v }), msg`Donation denied`, onClose)}
      onClose={onClose}
      submitLabel={<Trans>Deny</Trans>}
      submitVariant="danger"
      testId="deny-dialog"
      submitTestId="confirm-deny"
    >
      <p>
        <Trans>The donor’s managers see the reason and can edit the donation and send it again.</Trans>
      </p>
      <TextArea
        label={<Trans>Reason</Trans>}
        required
        rows={4}
        data-autofocus
        hint={<Counter length={reason.length} max={LIMITS.denyReasonMax} />}
        {...field('reason')}
      />
    </FormDialog>
  );
}

// ---- donation tags ----

type Tag = RouterOutputs['donations']['admin']['tags']['items'][number];

function TagsManager() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const tags = useQuery(trpc.donations.admin.tags.queryOptions());
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  return (
    <div className="admin-donations__tabs" data-testid="donation-tags">
      <div className="donations__bar spread">
        <p className="donations-dash__note">
          <Trans>Tags say what kind of cause a donation serves; donors pick one when they create a donation.</Trans>
        </p>
        <Button icon={<Icon name="plus" />} onClick={() => setEditing('new')} data-testid="new-tag">
          <Trans>New tag</Trans>
        </Button>
      </div>
      <QueryView query={tags} errorTitle={<Trans>The tags could not be loaded</Trans>}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState icon="flag" title={<Trans>No donation tags yet</Trans>} />
          ) : (
            <ul className="list-stack" aria-label={t`Donation tags`}>
              {data.items.map((tag) => {
                const n = tag.donations;
                const tagName = refName(i18n, tag);
                return (
                  <li key={tag.id} className="tag-row spread">
                    <div className="tag-row__text">
                      <strong>{tagName}</strong>
                      <MissingNames row={tag} />
                      {tag.description ? <span>{refText(i18n, tag.description)}</span> : null}
                      <span>
                        <Plural value={n} _0="Not used yet" one="Used by # donation" other="Used by # donations" />
                      </span>
                    </div>
                    <div className="row-actions">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(tag)} aria-label={`${t`Edit`}: ${tagName}`}>
                        <Trans>Edit</Trans>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(tag)} aria-label={`${t`Delete`}: ${tagName}`}>
                        <Trans>Delete</Trans>
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryView>
      {editing ? <TagDialog tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteTagDialog tag={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function TagDialog({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const create = useMutation(trpc.donations.admin.createTag.mutationOptions());
  const update = useMutation(trpc.donations.admin.updateTag.mutationOptions());
  const form = useSchemaForm(donationTagFields, {
    defaultValues: { ...nameDefaults(tag), description: tag?.description ?? '' },
  });
  const field = useFieldProps(form);
  const save = async (v: z.output<typeof donationTagFields>) => {
    if (tag) await update.mutateAsync({ id: tag.id, ...v });
    else await create.mutateAsync(v);
    await qc.invalidateQueries({ queryKey: trpc.donations.pathKey() });
    await qc.invalidateQueries({ queryKey: trpc.common.typedNames.queryKey() });
    showSnackbar(tag ? msg`Tag saved` : msg`Tag created`);
    onClose();
  };
  return (
    <FormDialog form={form} title={tag ? <Trans>Edit tag</Trans> : <Trans>New tag</Trans>} onSave={save} onClose={onClose} testId="tag-dialog">
      <NameFields form={form} />
      <TextArea label={<Trans>Description</Trans>} rows={3} {...field('description')} />
    </FormDialog>
  );
}

function DeleteTagDialog({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const remove = useMutation(trpc.donations.admin.deleteTag.mutationOptions());
  const name = refName(i18n, tag);
  const confirm = async () => {
    await remove.mutateAsync({ id: tag.id });
    await qc.invalidateQueries({ queryKey: trpc.donations.pathKey() });
    showSnackbar(msg`Tag deleted`);
    onClose();
  };
  return (
    <ConfirmDialog
      title={<Trans>Delete the tag “{name}”?</Trans>}
      confirmLabel={<Trans>Delete</Trans>}
      onConfirm={confirm}
      onClose={onClose}
      testId="confirm-delete-tag"
    >
      <p>
        <Trans>Donors can no longer choose it. A tag that donations use cannot be deleted; rename it instead.</Trans>
      </p>
    </ConfirmDialog>
  );
}
