// Material group and its three subcategory levels as cascading selects: each level loads once its parent is
// chosen, and changing a level clears the levels below it. Administrators change the taxonomy, so the
// lists keep the app's default freshness (refetched when stale on mount and focus), not staleTime Infinity: a
// subcategory added a moment ago is offered the next time the editor opens.
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { SelectField } from '@/components/ui/Field';
import { isOfficialEnglish, refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';

export interface TaxonomyValue {
  group: number | null;
  l1: number | null;
  l2: number | null;
  l3: number | null;
}

const num = (v: string) => (v ? Number(v) : null);

export function TaxonomySelects({
  value,
  onChange,
  idPrefix,
  error,
}: {
  value: TaxonomyValue;
  onChange: (v: TaxonomyValue) => void;
  idPrefix: string;
  error?: string;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const groups = useQuery(trpc.common.materialGroups.queryOptions());
  const first = useQuery({
    ...trpc.common.firstLevelSubcategories.queryOptions({ material_group_id: value.group ?? undefined }),
    enabled: !!value.group,
  });
  const second = useQuery({
    ...trpc.common.secondLevelSubcategories.queryOptions({ first_level_subcategory_id: value.l1 ?? undefined }),
    enabled: !!value.l1,
  });
  const third = useQuery({
    ...trpc.common.thirdLevelSubcategories.queryOptions({ second_level_subcategory_id: value.l2 ?? undefined }),
    enabled: !!value.l2,
  });
  return (
    <>
      <SelectField
        id={`${idPrefix}-group`}
        label={t`Material group`}
        value={value.group ?? ''}
        error={error}
        onChange={(e) => onChange({ group: num(e.target.value), l1: null, l2: null, l3: null })}
      >
        <option value="">{groups.isLoading ? t`Loading…` : t`Any`}</option>
        {groups.data?.items.map((g) => (
          <option key={g.id} value={g.id}>
            {refText(i18n, g.name)}
          </option>
        ))}
      </SelectField>
      {value.group ? (
        <LevelSelect
          id={`${idPrefix}-l1`}
          label={t`Subcategory`}
          level={first}
          value={value.l1}
          onChange={(l1) => onChange({ ...value, l1, l2: null, l3: null })}
        />
      ) : null}
      {value.l1 ? (
        <LevelSelect
          id={`${idPrefix}-l2`}
          label={t`Second level`}
          level={second}
          value={value.l2}
          onChange={(l2) => onChange({ ...value, l2, l3: null })}
        />
      ) : null}
      {value.l2 ? (
        <LevelSelect
          id={`${idPrefix}-l3`}
          label={t`Third level`}
          level={third}
          value={value.l3}
          hint={
            i18n.locale !== 'en' && third.data?.items.some((s) => isOfficialEnglish(s.name))
              ? t`Waste entries keep the official English wording of the European List of Waste.`
              : undefined
          }
          onChange={(l3) => onChange({ ...value, l3 })}
        />
      ) : null}
    </>
  );
}

interface Subcategory {
  id: number;
  name: string;
  code?: string | null;
}

/**
 * One subcategory level, left out while its parent has none; each entry shows its code before its name. EWC entries
 * keep the official English text, marked so (lang="en") in a page of another language.
 */
function LevelSelect({
  id,
  label,
  level,
  value,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  level: { isLoading: boolean; data?: { items: Subcategory[] } };
  value: number | null;
  hint?: string;
  onChange: (id: number | null) => void;
}) {
  const { t, i18n } = useLingui();
  if ((level.data?.items.length ?? 1) === 0) return null;
  return (
    <SelectField id={id} label={label} value={value ?? ''} hint={hint} onChange={(e) => onChange(num(e.target.value))}>
      <option value="">{level.isLoading ? t`Loading…` : t`Any`}</option>
      {level.data?.items.map((s) => (
        <option key={s.id} value={s.id} lang={i18n.locale !== 'en' && isOfficialEnglish(s.name) ? 'en' : undefined}>
          {s.code ? `${s.code} · ` : ''}
          {refText(i18n, s.name)}
        </option>
      ))}
    </SelectField>
  );
}
