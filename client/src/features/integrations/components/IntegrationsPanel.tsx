// Manager panel → Integrations: the company's API keys and webhook endpoints (docs/integrations.md). A new key's
// or webhook's secret is shown once, with a copy button; an endpoint's deliveries can be read and sent again.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { API_KEY_SCOPES, createApiKeyInput, createWebhookInput, WEBHOOK_EVENTS, type WebhookEvent } from '@shared/schemas/integrations';
import { useCopy } from '@/hooks/useCopy';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { Checkbox, FormError, TextField } from '@/components/ui/Field';
import { Icon, type IconName } from '@/components/ui/Icon';
import { Pagination } from '@/components/ui/Pagination';
import { EmptyState, LoadingState } from '@/components/ui/States';
import { QueryView, type QueryLike } from '@/components/ui/QueryView';
import { Table } from '@/components/ui/Table';
import { errorText, fieldErrorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import '../integrations.css';

type Key = RouterOutputs['integrations']['apiKeys']['list']['items'][number];
type Hook = RouterOutputs['integrations']['webhooks']['list']['items'][number];
type Delivery = RouterOutputs['integrations']['webhooks']['deliveries']['items'][number];

const SCOPE_LABELS: Record<(typeof API_KEY_SCOPES)[number], MessageDescriptor> = { read: msg`Read`, write: msg`Write` };
const DELIVERY_LABELS: Record<Delivery['status'], MessageDescriptor> = { pending: msg`Waiting`, succeeded: msg`Delivered`, failed: msg`Failed` };
const DELIVERY_BADGES: Record<Delivery['status'], string> = { pending: '', succeeded: 'badge--accepted', failed: 'badge--rejected' };

export function IntegrationsPanel() {
  const session = useSession();
  const companyId = session?.company?.id;
  if (!companyId) return <LoadingState />;
  return (
    <div className="integrations" data-testid="integrations">
      <p className="muted">
        <Trans>
          Connect your own systems: an API key lets a program use the marketplace as your company, and a webhook tells your system at once when an
          offer, synergy, trip or donation changes. The developer guide is at /api/docs.
        </Trans>
      </p>
      <ApiKeys companyId={companyId} />
      <Webhooks companyId={companyId} />
    </div>
  );
}

/** A secret shown once, with a copy button, and Done to close what showed it. */
function SecretOnce({
  id,
  label,
  secret,
  onDone,
  doneTestId,
}: {
  id: string;
  label: string;
  secret: string;
  onDone: () => void;
  doneTestId: string;
}) {
  const { copied, copy } = useCopy(msg`Copying failed. Select the secret and copy it by hand.`);
  return (
    <>
      <div className="form">
        <p role="status">
          <strong>
            <Trans>Copy this secret now: it is shown only once.</Trans>
          </strong>
        </p>
        <div className="integrations__secret">
          <label htmlFor={id} className="visually-hidden">
            {label}
          </label>
          <input id={id} className="input" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} data-testid={id} />
          <Button
            variant="secondary"
            icon={<Icon name={copied ? 'check' : 'file'} size={16} />}
            onClick={() => void copy(secret)}
            data-testid={`${id}-copy`}
          >
            {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
          </Button>
        </div>
      </div>
      <div className="integrations__actions">
        <Button onClick={onDone} data-testid={doneTestId}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </>
  );
}

/** A section of the panel: its title, the button that adds one more, a word on how it works, then the list. */
function IntegrationSection(props: {
  id: string;
  title: ReactNode;
  addLabel: ReactNode;
  addTestId: string;
  onAdd: () => void;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="integrations__section" aria-labelledby={props.id}>
      <div className="integrations__head spread spread--tight">
        <h2 id={props.id} className="card__title">
          {props.title}
        </h2>
        <Button icon={<Icon name="plus" size={16} />} onClick={props.onAdd} data-testid={props.addTestId}>
          {props.addLabel}
        </Button>
      </div>
      <p className="muted">{props.intro}</p>
      {props.children}
    </section>
  );
}

/** A list while it loads, when it failed (with a retry), when it is empty, and else its items. */
function ListStates<D extends { items: unknown[] }>(props: {
  query: QueryLike<D>;
  errorTitle: ReactNode;
  emptyIcon: IconName;
  emptyTitle: ReactNode;
  children: (data: D) => ReactNode;
}) {
  return (
    <QueryView query={props.query} errorTitle={props.errorTitle}>
      {(data) => (data.items.length === 0 ? <EmptyState icon={props.emptyIcon} title={props.emptyTitle} /> : props.children(data))}
    </QueryView>
  );
}

/** The checkboxes of a form dialog (scopes, events), with the error for the whole group. */
function ChoicesFieldset({ legend, error, children }: { legend: ReactNode; error: string | undefined; children: ReactNode }) {
  return (
    <>
      <fieldset className="integrations__events">
        <legend>{legend}</legend>
        {children}
      </fieldset>
      {error ? <p className="field__error">{error}</p> : null}
    </>
  );
}

/** A dialog that adds a key or a webhook: its form, and once it is created, what shows its secret instead. */
function CreateWithSecretDialog(props: {
  title: ReactNode;
  onClose: () => void;
  created: ReactNode;
  formTestId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  busy: boolean;
  submitTestId: string;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Dialog open onClose={props.onClose} title={props.title} closeLabel={t`Close`}>
      {props.created ?? (
        <form className="form" onSubmit={props.onSubmit} noValidate data-testid={props.formTestId}>
          {props.children}
          <FormError>{props.formError}</FormError>
          <DialogActions onCancel={props.onClose} loading={props.busy} testId={props.submitTestId}>
            {props.submitLabel}
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

const keyForm = createApiKeyInput.pick({ name: true, scopes: true });

function ApiKeys({ companyId }: { companyId: number }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const list = useQuery(trpc.integrations.apiKeys.list.queryOptions({ company_id: companyId }));
  const revoke = useMutation(trpc.integrations.apiKeys.revoke.mutationOptions());
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<Key | null>(null);
  const onRevoke = async (key: Key) => {
    try {
      await revoke.mutateAsync({ company_id: companyId, key_id: key.id });
      await qc.invalidateQueries({ queryKey: trpc.integrations.apiKeys.pathKey() });
      const name = key.name;
      showSnackbar(msg`Key ${name} revoked`);
      setRevoking(null);
    } catch {
      showSnackbar(msg`The key could not be revoked`, { tone: 'error' });
    }
  };
  return (
    <IntegrationSection
      id="api-keys-title"
      title={<Trans>API keys</Trans>}
      addLabel={<Trans>New API key</Trans>}
      addTestId="api-key-add"
      onAdd={() => setAdding(true)}
      intro={
        <Trans>
          Send a key as “Authorization: Bearer sk_live_…”. Read keys may only read. Keys cannot manage users, passwords or other keys. Revoking a key
          stops it at once.
        </Trans>
      }
    >
      <ListStates
        query={list}
        errorTitle={<Trans>The API keys could not be loaded</Trans>}
        emptyIcon="lock"
        emptyTitle={<Trans>No API keys yet</Trans>}
      >
        {(data) => (
          <Table
            caption={<Trans>API keys</Trans>}
            rows={data.items}
            rowKey={(k) => k.id}
            columns={[
              { key: 'name', header: <Trans>Name</Trans>, cell: (k) => <strong>{k.name}</strong> },
              { key: 'prefix', header: <Trans>Key</Trans>, cell: (k) => <code>{k.prefix}…</code> },
              { key: 'scopes', header: <Trans>Scopes</Trans>, cell: (k) => k.scopes.map((s) => i18n._(SCOPE_LABELS[s])).join(', ') },
              { key: 'created', header: <Trans>Created</Trans>, cell: (k) => fmt.dateTime(k.created) },
              {
                key: 'used',
                header: <Trans>Last used</Trans>,
                cell: (k) => (k.last_used_at ? fmt.dateTime(k.last_used_at) : <span className="muted">{t`Never`}</span>),
              },
              {
                key: 'actions',
                header: <Trans>Actions</Trans>,
                cell: (k) => (
                  <Button
                    size="sm"
                    variant="danger"
                    icon={<Icon name="trash" size={16} />}
                    onClick={() => setRevoking(k)}
                    aria-label={t`Revoke key ${k.name}`}
                    data-testid={`api-key-revoke-${k.id}`}
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                ),
              },
            ]}
          />
        )}
      </ListStates>
      {adding ? <AddKeyDialog companyId={companyId} onClose={() => setAdding(false)} /> : null}
      {revoking ? (
        <ConfirmDialog
          title={<Trans>Revoke the key “{revoking.name}”?</Trans>}
          confirmLabel={<Trans>Revoke</Trans>}
          onConfirm={() => onRevoke(revoking)}
          onClose={() => setRevoking(null)}
          loading={revoke.isPending}
          testId="api-key-revoke-confirm"
        >
          <p>
            <Trans>Programs that use this key stop working at once. This cannot be undone.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </IntegrationSection>
  );
}

function AddKeyDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const create = useMutation(trpc.integrations.apiKeys.create.mutationOptions());
  const form = useSchemaForm(keyForm, { defaultValues: { name: '', scopes: ['read'] } });
  const e = form.formState.errors;
  const field = useFieldProps(form);
  const { onSubmit, formError } = useFormSubmit(form, async (values) => {
    await create.mutateAsync({ ...values, company_id: companyId });
    await qc.invalidateQueries({ queryKey: trpc.integrations.apiKeys.pathKey() });
  });
  return (
    <CreateWithSecretDialog
      title={<Trans>New API key</Trans>}
      onClose={onClose}
      created={
        create.data ? (
          <SecretOnce id="api-key-secret" label={t`API key secret`} secret={create.data.secret} onDone={onClose} doneTestId="api-key-done" />
        ) : null
      }
      formTestId="api-key-form"
      onSubmit={onSubmit}
      formError={formError}
      busy={create.isPending}
      submitTestId="api-key-create"
      submitLabel={<Trans>Create key</Trans>}
    >
      <TextField label={<Trans>Name</Trans>} hint={<Trans>What uses it, e.g. “ERP sync”.</Trans>} required data-autofocus {...field('name')} />
      <ChoicesFieldset legend={<Trans>Scopes</Trans>} error={fieldErrorText(i18n, e.scopes)}>
        {API_KEY_SCOPES.map((s) => (
          <Checkbox key={s} label={i18n._(SCOPE_LABELS[s])} value={s} {...form.register('scopes')} data-testid={`api-key-scope-${s}`} />
        ))}
      </ChoicesFieldset>
    </CreateWithSecretDialog>
  );
}

const hookForm = createWebhookInput.pick({ url: true, events: true });

function Webhooks({ companyId }: { companyId: number }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const list = useQuery(trpc.integrations.webhooks.list.queryOptions({ company_id: companyId }));
  const remove = useMutation(trpc.integrations.webhooks.delete.mutationOptions());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Hook | null>(null);
  const [open, setOpen] = useState<Hook | null>(null);
  const onDelete = async (hook: Hook) => {
    try {
      await remove.mutateAsync({ company_id: companyId, webhook_id: hook.id });
      await qc.invalidateQueries({ queryKey: trpc.integrations.webhooks.pathKey() });
      showSnackbar(msg`Webhook deleted`);
      setDeleting(null);
    } catch {
      showSnackbar(msg`The webhook could not be deleted`, { tone: 'error' });
    }
  };
  return (
    <IntegrationSection
      id="webhooks-title"
      title={<Trans>Webhooks</Trans>}
      addLabel={<Trans>New webhook</Trans>}
      addTestId="webhook-add"
      onAdd={() => setAdding(true)}
      intro={
        <Trans>
          Each event is sent as a signed POST (Standard Webhooks). A failed delivery is tried again for 24 hours; an address that fails for 3 days is
          disabled and you get a notification.
        </Trans>
      }
    >
      <ListStates
        query={list}
        errorTitle={<Trans>The webhooks could not be loaded</Trans>}
        emptyIcon="send"
        emptyTitle={<Trans>No webhooks yet</Trans>}
      >
        {(data) => (
          <Table
            caption={<Trans>Webhooks</Trans>}
            rows={data.items}
            rowKey={(h) => h.id}
            columns={[
              { key: 'url', header: <Trans>Address</Trans>, cell: (h) => <code className="integrations__url">{h.url}</code> },
              { key: 'events', header: <Trans>Events</Trans>, cell: (h) => h.events.join(', ') },
              {
                key: 'state',
                header: <Trans>Status</Trans>,
                cell: (h) =>
                  h.enabled ? (
                    <span className="badge badge--accepted">{t`Active`}</span>
                  ) : (
                    <span className="badge badge--rejected" title={h.disabled_at ? fmt.dateTime(h.disabled_at) : undefined}>
                      {t`Disabled`}
                    </span>
                  ),
              },
              {
                key: 'actions',
                header: <Trans>Actions</Trans>,
                cell: (h) => (
                  <span className="integrations__actions">
                    <Button size="sm" variant="secondary" onClick={() => setOpen(h)} data-testid={`webhook-deliveries-${h.id}`}>
                      <Trans>Deliveries</Trans>
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      icon={<Icon name="trash" size={16} />}
                      onClick={() => setDeleting(h)}
                      aria-label={t`Delete webhook ${h.url}`}
                      data-testid={`webhook-delete-${h.id}`}
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </ListStates>
      {adding ? <AddWebhookDialog companyId={companyId} onClose={() => setAdding(false)} /> : null}
      {open ? <DeliveriesDialog companyId={companyId} hook={open} onClose={() => setOpen(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={<Trans>Delete this webhook?</Trans>}
          confirmLabel={<Trans>Delete</Trans>}
          onConfirm={() => onDelete(deleting)}
          onClose={() => setDeleting(null)}
          loading={remove.isPending}
          testId="webhook-delete-confirm"
        >
          <p className="integrations__url">
            <Trans>{deleting.url} gets no more events, and its delivery history is deleted.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </IntegrationSection>
  );
}

function AddWebhookDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const create = useMutation(trpc.integrations.webhooks.create.mutationOptions());
  const form = useSchemaForm(hookForm, {
    defaultValues: { url: '', events: WEBHOOK_EVENTS.filter((ev) => ev !== 'offer.countered') as WebhookEvent[] },
  });
  const e = form.formState.errors;
  const field = useFieldProps(form);
  const { onSubmit, formError } = useFormSubmit(form, async (values) => {
    await create.mutateAsync({ ...values, company_id: companyId });
    await qc.invalidateQueries({ queryKey: trpc.integrations.webhooks.pathKey() });
  });
  return (
    <CreateWithSecretDialog
      title={<Trans>New webhook</Trans>}
      onClose={onClose}
      created={
        create.data ? (
          <>
            <p>
              <Trans>Verify each request's webhook-signature header with this signing secret.</Trans>
            </p>
            <SecretOnce
              id="webhook-secret"
              label={t`Webhook signing secret`}
              secret={create.data.secret}
              onDone={onClose}
              doneTestId="webhook-done"
            />
          </>
        ) : null
      }
      formTestId="webhook-form"
      onSubmit={onSubmit}
      formError={formError}
      busy={create.isPending}
      submitTestId="webhook-create"
      submitLabel={<Trans>Add webhook</Trans>}
    >
      <TextField
        label={<Trans>Address (https://)</Trans>}
        type="url"
        inputMode="url"
        required
        data-autofocus
        placeholder="https://erp.example.com/hooks/marketplace"
        {...field('url')}
      />
      <ChoicesFieldset legend={<Trans>Events</Trans>} error={fieldErrorText(i18n, e.events)}>
        {WEBHOOK_EVENTS.map((ev) => (
          <Checkbox key={ev} label={<code>{ev}</code>} value={ev} {...form.register('events')} data-testid={`webhook-event-${ev}`} />
        ))}
      </ChoicesFieldset>
    </CreateWithSecretDialog>
  );
}

const PAGE_SIZE = 10;

function DeliveriesDialog({ companyId, hook, onClose }: { companyId: number; hook: Hook; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const [page, setPage] = useState(0);
  const [retryError, setRetryError] = useState<string | null>(null);
  const list = useQuery({
    ...trpc.integrations.webhooks.deliveries.queryOptions({ company_id: companyId, webhook_id: hook.id, page, size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
  const retry = useMutation(trpc.integrations.webhooks.retry.mutationOptions());
  const onRetry = async (d: Delivery) => {
    setRetryError(null);
    try {
      await retry.mutateAsync({ company_id: companyId, webhook_id: hook.id, delivery_id: d.id });
      await qc.invalidateQueries({ queryKey: trpc.integrations.webhooks.deliveries.pathKey() });
      showSnackbar(msg`The delivery is queued to be sent again`);
    } catch (err) {
      setRetryError(errorText(i18n, err));
    }
  };
  return (
    <Dialog open onClose={onClose} title={<Trans>Deliveries</Trans>} closeLabel={t`Close`} className="dialog--wide">
      <p className="muted integrations__url">{hook.url}</p>
      <FormError>{retryError}</FormError>
      <ListStates
        query={list}
        errorTitle={<Trans>The deliveries could not be loaded</Trans>}
        emptyIcon="send"
        emptyTitle={<Trans>No deliveries yet</Trans>}
      >
        {(data) => (
          <>
            <Table
              caption={<Trans>Deliveries</Trans>}
              rows={data.items}
              rowKey={(d) => d.id}
              columns={[
                {
                  key: 'event',
                  header: <Trans>Event</Trans>,
                  cell: (d) => (
                    <span>
                      <code>{d.event_type}</code>
                      <br />
                      <span className="muted">{fmt.dateTime(d.created)}</span>
                    </span>
                  ),
                },
                {
                  key: 'status',
                  header: <Trans>Status</Trans>,
                  cell: (d) => (
                    <span className={['badge', DELIVERY_BADGES[d.status]].join(' ').trim()} data-testid={`delivery-status-${d.id}`}>
                      {i18n._(DELIVERY_LABELS[d.status])}
                    </span>
                  ),
                },
                { key: 'attempts', header: <Trans>Attempts</Trans>, cell: (d) => fmt.number(d.attempts) },
                {
                  key: 'code',
                  header: <Trans>Last answer</Trans>,
                  cell: (d) =>
                    d.last_response_code !== null ? (
                      <span title={d.last_error ?? undefined}>{d.last_response_code}</span>
                    ) : d.last_error ? (
                      <span className="muted">{d.last_error}</span>
                    ) : (
                      <span className="muted">–</span>
                    ),
                },
                {
                  key: 'actions',
                  header: <Trans>Actions</Trans>,
                  cell: (d) =>
                    d.status === 'pending' ? (
                      <span className="muted">–</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<Icon name="cycle" size={16} />}
                        loading={retry.isPending && retry.variables?.delivery_id === d.id}
                        onClick={() => void onRetry(d)}
                        data-testid={`delivery-retry-${d.id}`}
                      >
                        <Trans>Send again</Trans>
                      </Button>
                    ),
                },
              ]}
            />
            <Pagination page={page} size={PAGE_SIZE} result={data} onPage={setPage} />
          </>
        )}
      </ListStates>
    </Dialog>
  );
}
