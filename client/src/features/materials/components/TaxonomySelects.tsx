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
  /** EWC entries keep the official English text: marked so, in a page of another language. */
  const official = (name: string) => (i18n.locale !== 'en' && isOfficialEnglish(name) ? 'en' : undefined);
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
  const any = t`Any`;
  const code = (c: string | null | undefined) => (c ? `${c} · ` : '');
  return (
    <>
      <SelectField
        id={`${idPrefix}-group`}
        label={t`Material group`}
        value={value.group ?? ''}
        error={error}
        onChange={(e) => onChange({ group: num(e.target.value), l1: null, l2: null, l3: null })}
      >
        <option value="">{groups.isLoading ? t`Loading…` : any}</option>
        {groups.data?.items.map((g) => (
          <option key={g.id} value={g.id}>
            {refText(i18n, g.name)}
          </option>
        ))}
      </SelectField>
      {value.group && (first.data?.items.length ?? 1) > 0 ? (
        <SelectField
          id={`${idPrefix}-l1`}
          label={t`Subcategory`}
          value={value.l1 ?? ''}
          onChange={(e) => onChange({ ...value, l1: num(e.target.value), l2: null, l3: null })}
        >
          <option value="">{first.isLoading ? t`Loading…` : any}</option>
          {first.data?.items.map((s) => (
            <option key={s.id} value={s.id} lang={official(s.name)}>
              {code(s.code)}
              {refText(i18n, s.name)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {value.l1 && (second.data?.items.length ?? 1) > 0 ? (
        <SelectField
          id={`${idPrefix}-l2`}
          label={t`Second level`}
          value={value.l2 ?? ''}
          onChange={(e) => onChange({ ...value, l2: num(e.target.value), l3: null })}
        >
          <option value="">{second.isLoading ? t`Loading…` : any}</option>
          {second.data?.items.map((s) => (
            <option key={s.id} value={s.id} lang={official(s.name)}>
              {code(s.code)}
              {refText(i18n, s.name)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {value.l2 && (third.data?.items.length ?? 1) > 0 ? (
        <SelectField
          id={`${idPrefix}-l3`}
          label={t`Third level`}
          value={value.l3 ?? ''}
          hint={
            i18n.locale !== 'en' && third.data?.items.some((s) => isOfficialEnglish(s.name))
              ? t`Waste entries keep the official English wording of the European List of Waste.`
              : undefined
          }
          onChange={(e) => onChange({ ...value, l3: num(e.target.value) })}
        >
          <option value="">{third.isLoading ? t`Loading…` : any}</option>
          {third.data?.items.map((s) => (
            <option key={s.id} value={s.id} lang={official(s.name)}>
              {code(s.code)}
              {refText(i18n, s.name)}
            </option>
          ))}
        </SelectField>
      ) : null}
    </>
  );
}
