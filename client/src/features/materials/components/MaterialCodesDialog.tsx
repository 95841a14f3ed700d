// The material group codes the bulk-upload template's material_group_code column takes: every code of
// every level with its path, searchable by code or name. Built from the cached taxonomy lists.
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/Field';
import { LoadingState } from '@/components/ui/States';
import { isOfficialEnglish, refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';

const SHOWN_MAX = 60;

interface CodeRow {
  code: string;
  name: string;
  path: string;
  search: string;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function MaterialCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const opts = { staleTime: Infinity, enabled: open } as const;
  const groups = useQuery({ ...trpc.common.materialGroups.queryOptions(), ...opts });
  const first = useQuery({ ...trpc.common.firstLevelSubcategories.queryOptions({}), ...opts });
  const second = useQuery({ ...trpc.common.secondLevelSubcategories.queryOptions({}), ...opts });
  const third = useQuery({ ...trpc.common.thirdLevelSubcategories.queryOptions({}), ...opts });
  const [q, setQ] = useState('');

  const rows = useMemo<CodeRow[]>(() => {
    if (!groups.data || !first.data || !second.data || !third.data) return [];
    const groupName = new Map(groups.data.items.map((g) => [g.id, refText(i18n, g.name)]));
    const l1 = new Map(first.data.items.map((s) => [s.id, s]));
    const l2 = new Map(second.data.items.map((s) => [s.id, s]));
    const out: CodeRow[] = [];
    const add = (code: string | null, name: string, path: string[]) => {
      if (!code) return;
      const shown = refText(i18n, name);
      out.push({ code, name: shown, path: path.join(' › '), search: fold(`${code} ${code.replace(/\D/g, '')} ${shown} ${name} ${path.join(' ')}`) });
    };
    for (const s of first.data.items) add(s.code, s.name, [groupName.get(s.material_group_id) ?? '']);
    for (const s of second.data.items) {
      const p = l1.get(s.first_level_subcategory_id);
      add(s.code, s.name, [groupName.get(p?.material_group_id ?? 0) ?? '', refText(i18n, p?.name ?? '')]);
    }
    for (const s of third.data.items) {
      const p2 = l2.get(s.second_level_subcategory_id);
      const p1 = p2 ? l1.get(p2.first_level_subcategory_id) : undefined;
      add(s.code, s.name, [groupName.get(p1?.material_group_id ?? 0) ?? '', refText(i18n, p1?.name ?? ''), refText(i18n, p2?.name ?? '')]);
    }
    return out.sort((a, b) => a.code.localeCompare(b.code));
  }, [groups.data, first.data, second.data, third.data, i18n]);

  const words = fold(q).split(/\s+/).filter(Boolean);
  const matches = words.length ? rows.filter((r) => words.every((w) => r.search.includes(w))) : rows;
  const loading = groups.isLoading || first.isLoading || second.isLoading || third.isLoading;

  return (
    <Dialog open={open} onClose={onClose} title={<Trans>Material group codes</Trans>} closeLabel={t`Close`} className="codes-dialog">
      <p className="field__hint">
        <Trans>Put a code in the material_group_code column. The most specific code fills in the whole category path.</Trans>
      </p>
      <TextField
        label={t`Search by code or name`}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t`e.g. 0207, pallets or warehouse`}
        data-autofocus
        data-testid="codes-search"
      />
      {loading ? (
        <LoadingState />
      ) : (
        <>
          <p className="field__hint" role="status">
            {matches.length > SHOWN_MAX ? (
              <Trans>
                Showing {SHOWN_MAX} of {matches.length} codes: type more to narrow the list.
              </Trans>
            ) : (
              <Trans>{matches.length} codes</Trans>
            )}
          </p>
          <ul className="code-list" data-testid="codes-list">
            {matches.slice(0, SHOWN_MAX).map((r) => (
              <li key={r.code}>
                <code className="code-list__code">{r.code}</code>
                <span className="code-list__name" lang={i18n.locale !== 'en' && isOfficialEnglish(r.name) ? 'en' : undefined}>
                  {r.name}
                </span>
                <span className="code-list__path">{r.path}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
