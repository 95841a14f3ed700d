// Material group and its three subcategory levels as cascading selects: each level loads once its parent is
// chosen, and changing a level clears the levels below it.
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { SelectField } from '@/components/ui/Field';
import { useTRPC } from '@/lib/trpc';

export interface TaxonomyValue {
  group: number | null;
  l1: number | null;
  l2: number | null;
  l3: number | null;
}

const num = (v: string) => (v ? Number(v) : null);

export function TaxonomySelects({ value, onChange, idPrefix, error }: { value: TaxonomyValue; onChange: (v: TaxonomyValue) => void; idPrefix: string; error?: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const groups = useQuery({ ...trpc.common.materialGroups.queryOptions(), staleTime: Infinity });
  const first = useQuery({ ...trpc.common.firstLevelSubcategories.queryOptions({ material_group_id: value.group ?? undefined }), enabled: !!value.group, staleTime: Infinity });
  const second = useQuery({ ...trpc.common.secondLevelSubcategories.queryOptions({ first_level_subcategory_id: value.l1 ?? undefined }), enabled: !!value.l1, staleTime: Infinity });
  const third = useQuery({ ...trpc.common.thirdLevelSubcategories.queryOptions({ second_level_subcategory_id: value.l2 ?? undefined }), enabled: !!value.l2, staleTime: Infinity });
  const any = t`Any`;
  const code = (c: string | null | undefined) => (c ? `${c} · ` : '');
  return (
    <>
      <SelectField id={`${idPrefix}-group`} label={t`Material group`} value={value.group ?? ''} error={error} onChange={(e) => onChange({ group: num(e.target.value), l1: null, l2: null, l3: null })}>
        <option value="">{groups.isLoading ? t`Loading…` : any}</option>
        {groups.data?.items.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
      {value.group && (first.data?.items.length ?? 1) > 0 ? (
        <SelectField id={`${idPrefix}-l1`} label={t`Subcategory`} value={value.l1 ?? ''} onChange={(e) => onChange({ ...value, l1: num(e.target.value), l2: null, l3: null })}>
          <option value="">{first.isLoading ? t`Loading…` : any}</option>
          {first.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {code(s.code)}
              {s.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {value.l1 && (second.data?.items.length ?? 1) > 0 ? (
        <SelectField id={`${idPrefix}-l2`} label={t`Second level`} value={value.l2 ?? ''} onChange={(e) => onChange({ ...value, l2: num(e.target.value), l3: null })}>
          <option value="">{second.isLoading ? t`Loading…` : any}</option>
          {second.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {code(s.code)}
              {s.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {value.l2 && (third.data?.items.length ?? 1) > 0 ? (
        <SelectField id={`${idPrefix}-l3`} label={t`Third level`} value={value.l3 ?? ''} onChange={(e) => onChange({ ...value, l3: num(e.target.value) })}>
          <option value="">{third.isLoading ? t`Loading…` : any}</option>
          {third.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {code(s.code)}
              {s.name}
            </option>
          ))}
        </SelectField>
      ) : null}
    </>
  );
}
