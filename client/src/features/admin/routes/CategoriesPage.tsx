// /admin/categories: material groups and their three subcategory levels as an expandable
// tree. Create, rename, recode, move and delete (refused with the number of listings while any use it); a group's
// Defra material can be chosen here, its whole impact mapping (and each subcategory's) on /admin/categories/impact. Codes follow docs/decisions/0072: a child's code extends
// its parent's; EWC codes never change; the product's own codes are renumbered when a node moves.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { MATERIAL_GROUP_KINDS, type MaterialGroupKind, type TaxonomyLevel } from '@shared/constants/enums';
import { childPrefix } from '@shared/lib/taxonomy';
import { createMaterialGroupInput, createSubcategoryInput } from '@shared/schemas/common';
import { MissingNames, NameFields } from '@/components/forms/NameFields';
import { nameDefaults } from '@/components/forms/nameDefaults';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/Card';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormError, SelectField, TextField } from '@/components/ui/Field';
import { Options } from '@/components/ui/Options';
import { Icon } from '@/components/ui/Icon';
import { errorText, fieldErrorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { isOfficialEnglish, refName, refText } from '@/lib/reference';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { CategorySearch, GroupsCard, RowToggle, TreeLevel } from '../components/CategoryTree';
import '../admin-console.css';

type Group = RouterOutputs['common']['admin']['materialGroups']['items'][number];
type Node = RouterOutputs['common']['admin']['subcategories']['items'][number];
/** What a dialog acts on: a group, or a node with the code of its parent (for the code hint). */
type Target = { kind: 'group'; group: Group } | { kind: 'node'; node: Node; parentCode: string | null };
type DialogState =
  | { type: 'newGroup' }
  | { type: 'editGroup'; group: Group }
  | { type: 'newNode'; level: TaxonomyLevel; parentId: number; parentCode: string | null; parentName: string }
  | { type: 'editNode'; node: Node; parentCode: string | null }
  | { type: 'delete'; target: Target };

const KIND_LABELS: Record<MaterialGroupKind, MessageDescriptor> = { material: msg`Material`, knowledge: msg`Knowledge`, space: msg`Space` };

function useLevelNames() {
  const { t } = useLingui();
  return { 1: t`First level`, 2: t`Second level`, 3: t`Third level` } satisfies Record<TaxonomyLevel, string>;
}

export function CategoriesPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const groups = useQuery(trpc.common.admin.materialGroups.queryOptions());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  return (
    <>
      <PageHeader
        title={<Trans>Categories</Trans>}
        description={
          <Trans>
            Material groups and their first, second and third level subcategories. A new subcategory is at once in the listing editor and the search
            filters. A category that listings use cannot be deleted.
          </Trans>
        }
        actions={
          <>
            <Link href="/admin/categories/impact" className="btn btn--secondary btn--md" data-testid="impact-mappings-link">
              <Icon name="leaf" size={18} />
              <Trans>Impact mappings</Trans>
            </Link>
            <Button icon={<Icon name="plus" />} onClick={() => setDialog({ type: 'newGroup' })} data-testid="new-group">
              <Trans>New material group</Trans>
            </Button>
          </>
        }
      />
      <SearchCard onOpen={setDialog} />
      <GroupsCard groups={groups} loadError={<Trans>The categories could not be loaded</Trans>} label={t`Material groups`} testId="category-tree">
        {(g) => <GroupRow key={g.id} group={g} onOpen={setDialog} />}
      </GroupsCard>
      {dialog?.type === 'newGroup' || dialog?.type === 'editGroup' ? (
        <GroupDialog group={dialog.type === 'editGroup' ? dialog.group : null} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.type === 'newNode' ? <NewNodeDialog {...dialog} onClose={() => setDialog(null)} /> : null}
      {dialog?.type === 'editNode' ? (
        <EditNodeDialog node={dialog.node} parentCode={dialog.parentCode} groups={groups.data?.items ?? []} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.type === 'delete' ? <DeleteDialog target={dialog.target} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

function Counts({ listings, children, childLabel }: { listings: number; children?: number; childLabel?: ReactNode }) {
  const fmt = useFormat();
  const n = fmt.number(listings);
  return (
    <span className="cat-row__counts">
      {listings === 1 ? <Trans>1 listing</Trans> : <Trans>{n} listings</Trans>}
      {children !== undefined && childLabel ? <> · {childLabel}</> : null}
    </span>
  );
}

/** A category's name in the reader's language; an official English text (an EWC entry) is marked as English. */
function CategoryName({ row }: { row: Node }) {
  const { i18n } = useLingui();
  const name = refName(i18n, row);
  return (
    <span className="cat-row__name" lang={i18n.locale !== 'en' && name === row.name && isOfficialEnglish(row.name) ? 'en' : undefined}>
      {name}
    </span>
  );
}

function GroupRow({ group, onOpen }: { group: Group; onOpen: (d: DialogState) => void }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const name = refName(i18n, group);
  const firstLevels = group.children;
  return (
    <li className="cat-row cat-row--group">
      <div className="cat-row__line">
        <RowToggle open={open} onToggle={() => setOpen(!open)} disabled={group.children === 0} testId={`group-${group.id}`}>
          <span className="cat-row__name">{name}</span>
        </RowToggle>
        <span className="cat-row__code">{group.code}</span>
        <MissingNames row={group} />
        <span className="badge">{i18n._(KIND_LABELS[group.kind])}</span>
        <span className="cat-row__defra muted">{refText(i18n, group.defra_material) ?? t`No Defra material`}</span>
        <Counts
          listings={group.listings}
          children={group.children}
          childLabel={<Plural value={firstLevels} one="# first level" other="# first levels" />}
        />
        <RowActions
          addLabel={t`Add a first level to ${name}`}
          onAdd={() => onOpen({ type: 'newNode', level: 1, parentId: group.id, parentCode: group.code, parentName: name })}
          onEdit={() => onOpen({ type: 'editGroup', group })}
          onDelete={() => onOpen({ type: 'delete', target: { kind: 'group', group } })}
          name={name}
        />
      </div>
      {open ? <Level level={1} parentId={group.id} parentCode={group.code} onOpen={onOpen} /> : null}
    </li>
  );
}

function RowActions({
  name,
  onAdd,
  addLabel,
  onEdit,
  onDelete,
}: {
  name: string;
  onAdd?: () => void;
  addLabel?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  return (
    <span className="row-actions cat-row__actions">
      {onAdd ? (
        <Button size="sm" variant="secondary" icon={<Icon name="plus" size={16} />} onClick={onAdd} aria-label={addLabel}>
          <Trans>Add</Trans>
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" icon={<Icon name="edit" size={16} />} onClick={onEdit} aria-label={t`Edit ${name}`}>
        <Trans>Edit</Trans>
      </Button>
      <Button size="sm" variant="ghost" icon={<Icon name="trash" size={16} />} onClick={onDelete} aria-label={t`Delete ${name}`}>
        <Trans>Delete</Trans>
      </Button>
    </span>
  );
}

function Level({
  level,
  parentId,
  parentCode,
  onOpen,
}: {
  level: TaxonomyLevel;
  parentId: number;
  parentCode: string | null;
  onOpen: (d: DialogState) => void;
}) {
  const trpc = useTRPC();
  const nodes = useQuery(trpc.common.admin.subcategories.queryOptions({ level, parent_id: parentId }));
  return <TreeLevel nodes={nodes}>{(n) => <NodeRow node={n} parentCode={parentCode} onOpen={onOpen} />}</TreeLevel>;
}

function NodeRow({ node, parentCode, onOpen }: { node: Node; parentCode: string | null; onOpen: (d: DialogState) => void }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const leaf = node.level === 3;
  const name = refName(i18n, node);
  const below = node.children;
  const childLabel =
    node.level === 1 ? (
      <Plural value={below} one="# second level" other="# second levels" />
    ) : (
      <Plural value={below} one="# third level" other="# third levels" />
    );
  return (
    <li className={`cat-row cat-row--l${node.level}`} data-testid={`node-${node.level}-${node.id}`}>
      <div className="cat-row__line">
        <RowToggle leaf={leaf} open={open} onToggle={() => setOpen(!open)} disabled={node.children === 0}>
          <CategoryName row={node} />
        </RowToggle>
        <span className="cat-row__code">{node.code ?? '–'}</span>
        <MissingNames row={node} />
        {node.hazardous ? (
          <span className="badge badge--rejected">
            <Trans>Hazardous</Trans>
          </span>
        ) : null}
        <Counts listings={node.listings} children={leaf ? undefined : node.children} childLabel={leaf ? undefined : childLabel} />
        <RowActions
          name={name}
          addLabel={node.level === 1 ? t`Add a second level to ${name}` : t`Add a third level to ${name}`}
          onAdd={
            leaf
              ? undefined
              : () => {
                  setOpen(true);
                  onOpen({
                    type: 'newNode',
                    level: (node.level + 1) as TaxonomyLevel,
                    parentId: node.id,
                    parentCode: node.code,
                    parentName: name,
                  });
                }
          }
          onEdit={() => onOpen({ type: 'editNode', node, parentCode })}
          onDelete={() => onOpen({ type: 'delete', target: { kind: 'node', node, parentCode } })}
        />
      </div>
      {open && !leaf ? <Level level={(node.level + 1) as TaxonomyLevel} parentId={node.id} parentCode={node.code} onOpen={onOpen} /> : null}
    </li>
  );
}

function SearchCard({ onOpen }: { onOpen: (d: DialogState) => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const levels = useLevelNames();
  return (
    <CategorySearch
      placeholder={t`Name or code, e.g. sawdust or 030105`}
      testId="category-search"
      resultsTestId="category-results"
      searchOptions={(params) => trpc.common.admin.searchCategories.queryOptions(params)}
      hitKey={(r) => `${r.level}-${r.id}`}
    >
      {(r) => {
        const node: Node = {
          id: r.id,
          level: r.level,
          parent_id: r.parent_id,
          name: r.name,
          name_dk: r.name_dk,
          name_my: r.name_my,
          code: r.code,
          customized: false,
          children: 0,
          listings: 0,
          hazardous: false,
        };
        return (
          <>
            <span className="cat-result__path muted">
              {levels[r.level]} · {r.path.map((p) => refText(i18n, p)).join(' › ')}
            </span>
            <span className="cat-result__name">
              <span className="cat-row__code">{r.code ?? '–'}</span> <CategoryName row={node} />
            </span>
            <RowActions
              name={refName(i18n, r)}
              onEdit={() => onOpen({ type: 'editNode', node, parentCode: null })}
              onDelete={() => onOpen({ type: 'delete', target: { kind: 'node', node, parentCode: null } })}
            />
          </>
        );
      }}
    </CategorySearch>
  );
}

/** After any change: the admin tree and the public lists (the listing editor's selects) of this browser. */
function useRefreshCategories() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.common.pathKey() });
}

const groupForm = createMaterialGroupInput;
type GroupOut = z.output<typeof groupForm>;

function GroupDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshCategories();
  const defra = useQuery(trpc.common.admin.defraMaterials.queryOptions());
  const create = useMutation(trpc.common.admin.createMaterialGroup.mutationOptions());
  const update = useMutation(trpc.common.admin.updateMaterialGroup.mutationOptions());
  const form = useSchemaForm(groupForm, {
    defaultValues: {
      ...nameDefaults(group),
      kind: group?.kind ?? 'material',
      defra_material: group?.defra_material ?? '',
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors } = form.formState;
  const save = async (v: GroupOut) => {
    if (group) await update.mutateAsync({ id: group.id, ...v });
    else await create.mutateAsync(v);
    await refresh();
    showSnackbar(group ? msg`Material group saved` : msg`Material group created`);
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={group ? <Trans>Edit material group</Trans> : <Trans>New material group</Trans>}
      onSave={save}
      onClose={onClose}
      testId="group-form"
      submitTestId="group-save"
    >
      <NameFields form={form} />
      <SelectField label={<Trans>Kind</Trans>} required error={fieldErrorText(i18n, errors.kind)} {...form.register('kind')}>
        <Options values={MATERIAL_GROUP_KINDS} labels={KIND_LABELS} />
      </SelectField>
      <SelectField
        label={<Trans>Defra material</Trans>}
        disabled={kind !== 'material'}
        hint={
          kind === 'material' ? (
            <Trans>
              The DESNZ/Defra 2023 material this group counts as. A new one counts disposal avoided only, via landfill, until its impact mapping says
              otherwise. Recorded impact keeps its own.
            </Trans>
          ) : (
            <Trans>Knowledge and space count no CO2e.</Trans>
          )
        }
        error={fieldErrorText(i18n, errors.defra_material)}
        {...form.register('defra_material')}
      >
        <option value="">{defra.isPending ? t`Loading…` : t`None (counts as commercial and industrial waste, disposal avoided only)`}</option>
        {defra.data?.items.map((m) => (
          <option key={m} value={m}>
            {refText(i18n, m)}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}

const nodeForm = createSubcategoryInput.pick({ name: true, name_dk: true, name_my: true, code: true });
type NodeOut = z.output<typeof nodeForm>;

function NewNodeDialog({
  level,
  parentId,
  parentCode,
  parentName,
  onClose,
}: {
  level: TaxonomyLevel;
  parentId: number;
  parentCode: string | null;
  parentName: string;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const levels = useLevelNames();
  const refresh = useRefreshCategories();
  const create = useMutation(trpc.common.admin.createSubcategory.mutationOptions());
  const form = useSchemaForm(nodeForm, {
    defaultValues: { name: '', name_dk: '', name_my: '', code: '' },
  });
  const { errors } = form.formState;
  const save = async (v: NodeOut) => {
    const created = await create.mutateAsync({ level, parent_id: parentId, ...v });
    await refresh();
    const code = created.code ?? '';
    showSnackbar(msg`Subcategory ${code} created`);
    onClose();
  };
  const prefix = parentCode ? childPrefix(parentCode, level) : '';
  const levelName = levels[level];
  return (
    <FormDialog
      form={form}
      title={
        <Trans>
          New {levelName} under {parentName}
        </Trans>
      }
      onSave={save}
      onClose={onClose}
      testId="node-form"
      submitTestId="node-save"
      submitLabel={<Trans>Create</Trans>}
    >
      <NameFields form={form} />
      <TextField
        label={<Trans>Code</Trans>}
        hint={
          prefix ? (
            // The prefix may end in "." (e.g. "WOOD."): set apart as code, not at the end of the sentence, so
            // it does not read as the full stop.
            <Trans>
              Leave empty to get the next free code starting with <code className="code-chip">{prefix}</code> (the separator included).
            </Trans>
          ) : (
            <Trans>Optional</Trans>
          )
        }
        error={fieldErrorText(i18n, errors.code)}
        {...form.register('code')}
        data-testid="node-code"
      />
    </FormDialog>
  );
}

const editForm = createSubcategoryInput.pick({ name: true, name_dk: true, name_my: true, code: true });

function EditNodeDialog({ node, parentCode, groups, onClose }: { node: Node; parentCode: string | null; groups: Group[]; onClose: () => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const levels = useLevelNames();
  const refresh = useRefreshCategories();
  const update = useMutation(trpc.common.admin.updateSubcategory.mutationOptions());
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const form = useSchemaForm(editForm, {
    defaultValues: { ...nameDefaults(node), code: node.code ?? '' },
  });
  const { errors } = form.formState;
  const save = async (v: z.output<typeof editForm>) => {
    const moving = moveTo !== null && moveTo !== node.parent_id;
    await update.mutateAsync({
      level: node.level,
      id: node.id,
      name: v.name,
      name_dk: v.name_dk,
      name_my: v.name_my,
      // Unchanged code: leave it to the server (a move renumbers own codes).
      code: v.code && v.code !== node.code ? v.code : undefined,
      parent_id: moving ? moveTo : undefined,
    });
    await refresh();
    showSnackbar(moving ? msg`Subcategory moved` : msg`Subcategory saved`);
    onClose();
  };
  const levelName = levels[node.level];
  return (
    <FormDialog
      form={form}
      title={<Trans>Edit {levelName}</Trans>}
      onSave={save}
      onClose={onClose}
      testId="edit-node-form"
      submitTestId="edit-node-save"
      className="dialog--wide"
    >
      <NameFields form={form} />
      <TextField
        label={<Trans>Code</Trans>}
        hint={
          <Trans>
            EWC codes (digits) are a legal classification and never change. Other codes are renumbered under a new parent, with everything below.
          </Trans>
        }
        error={fieldErrorText(i18n, errors.code)}
        {...form.register('code')}
      />
      <fieldset className="form-section">
        <legend className="form-section__title">
          <Trans>Move</Trans>
        </legend>
        <ParentPicker level={node.level} groups={groups} value={moveTo} onChange={setMoveTo} />
        <p className="muted">
          {parentCode ? (
            <Trans>
              Now under the parent coded <code className="code-chip">{parentCode}</code>.
            </Trans>
          ) : null}{' '}
          <Trans>The listings in it move with it.</Trans>
        </p>
      </fieldset>
      <ServerFieldError form={form} field="parent_id" />
    </FormDialog>
  );
}

/** A server field error on a field the form has no input for (parent_id of a move). */
function ServerFieldError({ form, field }: { form: { formState: { errors: Record<string, unknown> } }; field: string }) {
  const { i18n } = useLingui();
  const error = form.formState.errors[field] as { message?: string } | undefined;
  const text = fieldErrorText(i18n, error);
  return text ? (
    <p className="field__error" role="alert">
      {text}
    </p>
  ) : null;
}

/** Cascading selects down to the level above `level`: the new parent of a moved node. */
function ParentPicker({
  level,
  groups,
  value,
  onChange,
}: {
  level: TaxonomyLevel;
  groups: Group[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [group, setGroup] = useState<number | null>(null);
  const [l1, setL1] = useState<number | null>(null);
  const first = useQuery({ ...trpc.common.admin.subcategories.queryOptions({ level: 1, parent_id: group ?? 0 }), enabled: level > 1 && !!group });
  const second = useQuery({ ...trpc.common.admin.subcategories.queryOptions({ level: 2, parent_id: l1 ?? 0 }), enabled: level > 2 && !!l1 });
  const none = t`Keep where it is`;
  const num = (v: string) => (v ? Number(v) : null);
  const option = (id: number, code: string | null, name: string) => (
    <option key={id} value={id}>
      {code ? `${code} · ` : ''}
      {name}
    </option>
  );
  return (
    <div className="form-grid">
      <SelectField
        label={level === 1 ? <Trans>New material group</Trans> : <Trans>Material group</Trans>}
        value={(level === 1 ? value : group) ?? ''}
        onChange={(e) => {
          const id = num(e.target.value);
          if (level === 1) onChange(id);
          else {
            setGroup(id);
            setL1(null);
            onChange(null);
          }
        }}
      >
        <option value="">{none}</option>
        {groups.map((g) => option(g.id, g.code, refText(i18n, g.name)))}
      </SelectField>
      {level > 1 && group ? (
        <SelectField
          label={level === 2 ? <Trans>New first level</Trans> : <Trans>First level</Trans>}
          value={(level === 2 ? value : l1) ?? ''}
          onChange={(e) => {
            const id = num(e.target.value);
            if (level === 2) onChange(id);
            else {
              setL1(id);
              onChange(null);
            }
          }}
        >
          <option value="">{first.isPending ? t`Loading…` : none}</option>
          {first.data?.items.map((n) => option(n.id, n.code, refText(i18n, n.name)))}
        </SelectField>
      ) : null}
      {level > 2 && l1 ? (
        <SelectField label={<Trans>New second level</Trans>} value={value ?? ''} onChange={(e) => onChange(num(e.target.value))}>
          <option value="">{second.isPending ? t`Loading…` : none}</option>
          {second.data?.items.map((n) => option(n.id, n.code, refText(i18n, n.name)))}
        </SelectField>
      ) : null}
    </div>
  );
}

function DeleteDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshCategories();
  const delGroup = useMutation(trpc.common.admin.deleteMaterialGroup.mutationOptions());
  const delNode = useMutation(trpc.common.admin.deleteSubcategory.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const name = target.kind === 'group' ? refName(i18n, target.group) : refName(i18n, target.node);
  const pending = delGroup.isPending || delNode.isPending;
  const confirm = async () => {
    setError(null);
    try {
      if (target.kind === 'group') await delGroup.mutateAsync({ id: target.group.id });
      else await delNode.mutateAsync({ level: target.node.level, id: target.node.id });
      await refresh();
      showSnackbar(msg`Category deleted`);
      onClose();
    } catch (err) {
      setError(errorText(i18n, err));
    }
  };
  let body: ReactNode;
  if (target.kind === 'group') {
    const companies = target.group.companies;
    body = (
      <p>
        <Trans>The group and all its subcategories are deleted.</Trans>{' '}
        {companies > 0 ? <Trans>{companies} companies named it among their interests or offerings; it is removed from their profiles.</Trans> : null}
      </p>
    );
  } else {
    body = (
      <p>
        <Trans>The subcategory and everything below it are deleted.</Trans>
      </p>
    );
  }
  return (
    <Dialog open onClose={onClose} title={<Trans>Delete {name}?</Trans>} closeLabel={t`Close`}>
      <div className="form">
        {body}
        <FormError>{error}</FormError>
        <DialogActions variant="danger" onConfirm={() => void confirm()} loading={pending} onCancel={onClose} testId="confirm-delete">
          <Trans>Delete</Trans>
        </DialogActions>
      </div>
    </Dialog>
  );
}
