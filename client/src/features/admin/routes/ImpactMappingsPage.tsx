// /admin/categories/impact: how each material group and subcategory counts CO2e avoided (PRODUCT.md "Impact";
// docs/decisions/0171). The category tree with each row's mapping, its own or the one it inherits, editable; a search
// across all levels. A change applies to synergies that end from then on; stored records keep theirs.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { IMPACT_BASES, type ImpactBasis, type MappingLevel } from '@shared/lib/impact';
import { setImpactMappingInput } from '@shared/schemas/stats';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { useImpactWords } from '@/components/impact/useImpactWords';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/Card';
import { DialogActions } from '@/components/ui/Dialog';
import { FormError, SelectField } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { useFieldProps } from '@/hooks/useFieldProps';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { refText } from '@/lib/reference';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import type { RouterOutputs } from '@/lib/types';
import { useSchemaForm } from '@/hooks/useSchemaForm';
import { CategorySearch, GroupsCard, RowToggle, TreeLevel } from '../components/CategoryTree';
import { RecordDialog } from '../components/RecordDialog';
import '../admin-console.css';

type MappingNode = RouterOutputs['stats']['admin']['mappings']['items'][number];
type SearchHit = RouterOutputs['stats']['admin']['searchMappings']['items'][number];

const NEXT: Record<Exclude<MappingLevel, 'third'>, Exclude<MappingLevel, 'group'>> = { group: 'first', first: 'second', second: 'third' };

function useBasisLabels() {
  const { t } = useLingui();
  return { like_for_like: t`Like for like`, disposal_only: t`Disposal avoided only`, none: t`No CO2e` } satisfies Record<ImpactBasis, string>;
}

function useLevelNames() {
  const { t } = useLingui();
  return { group: t`Material group`, first: t`First level`, second: t`Second level`, third: t`Third level` } satisfies Record<MappingLevel, string>;
}

export function ImpactMappingsPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const groups = useQuery(trpc.stats.admin.mappings.queryOptions({ level: 'group' }));
  const [editing, setEditing] = useState<MappingNode | null>(null);
  return (
    <>
      <PageHeader
        title={<Trans>Impact mappings</Trans>}
        description={
          <Trans>
            How each material group and subcategory counts CO2e avoided: the Defra material it counts as, its basis and the disposal route it would
            otherwise take. A subcategory without a mapping of its own inherits the one above it. A change applies to synergies that end from now on;
            impact records already stored keep theirs.
          </Trans>
        }
        actions={
          <Link href="/admin/categories" className="btn btn--secondary btn--md">
            <Icon name="back" size={16} />
            <Trans>Categories</Trans>
          </Link>
        }
      />
      <SearchCard onEdit={setEditing} />
      <GroupsCard groups={groups} loadError={<Trans>The mappings could not be loaded</Trans>} label={t`Impact mappings`} testId="mapping-tree">
        {(g) => <MappingRow key={g.id} node={g} onEdit={setEditing} />}
      </GroupsCard>
      {editing ? <MappingDialog node={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/** The mapping a row counts by, in a few words: own or inherited, material, basis, route and its figure per tonne. */
function MappingSummary({ node }: { node: MappingNode }) {
  const { i18n } = useLingui();
  const fmt = useFormat();
  const bases = useBasisLabels();
  const levels = useLevelNames();
  const e = node.effective;
  const perTonne = new Intl.NumberFormat(fmt.locale, { maximumFractionDigits: 2 }).format(e.kgco2e_per_tonne);
  const own = node.own !== null && e.from.level === node.level && e.from.id === node.id;
  const fromLevel = levels[e.from.level];
  const fromName = `${e.from.code ?? ''} ${refText(i18n, e.from.name)}`.trim();
  return (
    <span className="mapping-summary" data-testid="mapping-summary">
      <span className={own ? 'badge badge--accepted' : 'badge'}>
        {own ? (
          <Trans>Own</Trans>
        ) : (
          <Trans>
            Inherited from {fromLevel} {fromName}
          </Trans>
        )}
      </span>
      <span className="mapping-summary__what">
        {e.basis === 'none' ? (
          bases.none
        ) : (
          <>
            <strong>{bases[e.basis]}</strong> · {refText(i18n, e.defra_material)} · {e.counterfactual_route}
          </>
        )}
      </span>
      {e.basis === 'none' ? null : (
        <span className="mapping-summary__figure">
          <Trans>{perTonne} kg CO2e per tonne</Trans>
        </span>
      )}
      {own && node.customized ? (
        <span className="mapping-summary__figure">
          <Trans>set by an administrator</Trans>
        </span>
      ) : null}
    </span>
  );
}

function MappingRow({ node, onEdit }: { node: MappingNode; onEdit: (n: MappingNode) => void }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const name = refText(i18n, node.name);
  const leaf = node.level === 'third';
  return (
    <li className={`cat-row ${node.level === 'group' ? 'cat-row--group' : ''}`} data-testid={`mapping-${node.level}-${node.id}`}>
      <div className="cat-row__line">
        <RowToggle leaf={leaf} open={open} onToggle={() => setOpen(!open)} disabled={node.children === 0}>
          <span className="cat-row__name">{name}</span>
        </RowToggle>
        <span className="cat-row__code">{node.code ?? '–'}</span>
        <MappingSummary node={node} />
        <span className="row-actions cat-row__actions">
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="edit" size={16} />}
            onClick={() => onEdit(node)}
            aria-label={t`Edit the mapping of ${name}`}
          >
            <Trans>Edit</Trans>
          </Button>
        </span>
      </div>
      {open && !leaf ? <MappingLevelList level={NEXT[node.level as Exclude<MappingLevel, 'third'>]} parentId={node.id} onEdit={onEdit} /> : null}
    </li>
  );
}

function MappingLevelList({
  level,
  parentId,
  onEdit,
}: {
  level: Exclude<MappingLevel, 'group'>;
  parentId: number;
  onEdit: (n: MappingNode) => void;
}) {
  const trpc = useTRPC();
  const nodes = useQuery(trpc.stats.admin.mappings.queryOptions({ level, parent_id: parentId }));
  return <TreeLevel nodes={nodes}>{(n) => <MappingRow node={n} onEdit={onEdit} />}</TreeLevel>;
}

function SearchCard({ onEdit }: { onEdit: (n: MappingNode) => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const levels = useLevelNames();
  const pathOf = (hit: SearchHit) => [levels[hit.level], ...hit.path.map((p) => refText(i18n, p.name))].join(' › ');
  return (
    <CategorySearch
      placeholder={t`Name or code, e.g. wooden packaging or 020704`}
      testId="mapping-search"
      resultsTestId="mapping-results"
      searchOptions={(params) => trpc.stats.admin.searchMappings.queryOptions(params)}
      hitKey={(hit) => `${hit.level}-${hit.id}`}
    >
      {(hit) => (
        <>
          <span className="cat-result__path muted">{pathOf(hit)}</span>
          <span className="cat-result__name">
            <span className="cat-row__code">{hit.code ?? '–'}</span> {refText(i18n, hit.name)}
          </span>
          <MappingSummary node={hit} />
          <span className="row-actions">
            <Button size="sm" variant="ghost" icon={<Icon name="edit" size={16} />} onClick={() => onEdit(hit)}>
              <Trans>Edit</Trans>
            </Button>
          </span>
        </>
      )}
    </CategorySearch>
  );
}

type Choices = RouterOutputs['stats']['admin']['mappingChoices'];

/** The dialog waits for the materials and routes it offers: the form's selects need their options when it starts. */
function MappingDialog({ node, onClose }: { node: MappingNode; onClose: () => void }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const choices = useQuery(trpc.stats.admin.mappingChoices.queryOptions());
  const name = refText(i18n, node.name);
  return (
    <RecordDialog
      query={choices}
      title={<Trans>Mapping of {name}</Trans>}
      loadError={<Trans>The Defra materials could not be loaded</Trans>}
      onClose={onClose}
    >
      {(data) => <MappingForm node={node} choices={data} onClose={onClose} />}
    </RecordDialog>
  );
}

function MappingForm({ node, choices, onClose }: { node: MappingNode; choices: Choices; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fmt = useFormat();
  const words = useImpactWords();
  const bases = useBasisLabels();
  const save = useMutation(trpc.stats.admin.setMapping.mutationOptions());
  const remove = useMutation(trpc.stats.admin.deleteMapping.mutationOptions());
  const start = node.own ?? node.effective;
  const form = useSchemaForm(setImpactMappingInput, {
    defaultValues: {
      level: node.level,
      id: node.id,
      basis: start.basis,
      defra_material: start.defra_material ?? '',
      counterfactual_route: start.counterfactual_route ?? undefined,
    },
  });
  const basis = useWatch({ control: form.control, name: 'basis' });
  const material = useWatch({ control: form.control, name: 'defra_material' });
  const route = useWatch({ control: form.control, name: 'counterfactual_route' });
  const routesOf = (name: string | null | undefined) => choices.materials.find((m) => m.name === name)?.routes ?? [];
  const routes = routesOf(material);
  const chosen = routes.find((r) => r.route === route);
  const figure = basis === 'none' ? 0 : chosen ? (basis === 'like_for_like' ? chosen.like_for_like : chosen.disposal_only) : null;
  const noCo2eKind = node.kind !== 'material';
  const field = useFieldProps(form);
  const fromLevel = useLevelNames()[node.effective.from.level];
  const fromName = `${node.effective.from.code ?? ''} ${refText(i18n, node.effective.from.name)}`.trim();

  const done = async (message: ReturnType<typeof msg>) => {
    await qc.invalidateQueries({ queryKey: trpc.stats.admin.pathKey() });
    showSnackbar(message);
    onClose();
  };
  const { onSubmit, formError, setFormError } = useFormSubmit(form, async (v) => {
    await save.mutateAsync(v);
    await done(msg`Mapping saved`);
  });
  const removeOwn = async () => {
    setFormError(null);
    try {
      await remove.mutateAsync({ level: node.level, id: node.id });
      await done(msg`Own mapping removed: it inherits again`);
    } catch (err) {
      setFormError(errorText(i18n, err));
    }
  };
  const perTonne = figure === null ? null : new Intl.NumberFormat(fmt.locale, { maximumFractionDigits: 2 }).format(figure);
  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="mapping-form">
      {node.own === null ? (
        <p className="muted" data-testid="mapping-inherited">
          <Trans>
            It now inherits from {fromLevel} {fromName}. Saving gives it a mapping of its own.
          </Trans>
        </p>
      ) : null}
      <SelectField
        label={<Trans>Basis</Trans>}
        required
        data-autofocus
        hint={basis ? words.basis(basis) : undefined}
        {...field('basis')}
        data-testid="mapping-basis"
      >
        {IMPACT_BASES.filter((b) => !noCo2eKind || b === 'none').map((b) => (
          <option key={b} value={b}>
            {bases[b]}
          </option>
        ))}
      </SelectField>
      {basis !== 'none' ? (
        <>
          <SelectField
            label={<Trans>Defra material</Trans>}
            required
            {...field('defra_material', {
              // Keep the route when the new material has it, else take the first route Defra publishes for it.
              onChange: () => {
                const published = routesOf(form.getValues('defra_material'));
                if (!published.some((r) => r.route === form.getValues('counterfactual_route')))
                  form.setValue('counterfactual_route', published[0]?.route);
              },
            })}
            data-testid="mapping-material"
          >
            <option value="">{t`Choose…`}</option>
            {choices.materials.map((m) => (
              <option key={m.name} value={m.name}>
                {refText(i18n, m.name)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={<Trans>Would otherwise go to</Trans>}
            required
            hint={route ? words.route(route) : <Trans>Only the routes DESNZ/Defra 2023 publishes a factor for with this material.</Trans>}
            {...field('counterfactual_route')}
            data-testid="mapping-route"
          >
            {routes.length === 0 ? <option value="">{t`Choose a material first`}</option> : null}
            {routes.map((r) => (
              <option key={r.route} value={r.route}>
                {r.route}
              </option>
            ))}
          </SelectField>
        </>
      ) : null}
      {perTonne !== null ? (
        <p className="mapping-figure" data-testid="mapping-figure">
          <Trans>One tonne under this mapping counts {perTonne} kg CO2e avoided.</Trans>
        </p>
      ) : null}
      {noCo2eKind ? (
        <p className="muted">
          <Trans>Knowledge and space count no CO2e.</Trans>
        </p>
      ) : null}
      <FormError>{formError}</FormError>
      <DialogActions loading={save.isPending} onCancel={onClose} testId="mapping-save">
        <Trans>Save</Trans>
      </DialogActions>
      {node.level !== 'group' && node.own ? (
        <Button
          variant="ghost"
          size="sm"
          icon={<Icon name="trash" size={16} />}
          loading={remove.isPending}
          onClick={() => void removeOwn()}
          data-testid="mapping-remove"
        >
          <Trans>Remove its own mapping (inherit again)</Trans>
        </Button>
      ) : null}
    </form>
  );
}
