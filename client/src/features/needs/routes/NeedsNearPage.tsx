// "Needs near you": open needs of other companies, nearest first, in pages of 12 as the database's listings; a supplier
// answers one with a listing of its own, and the need's company is told. Filters live in the URL as the database's do.
import { SearchField, SearchForm } from '@/components/ui/SearchField';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { MarketTabs } from '@/components/listing/MarketTabs';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/Card';
import { DialogActions } from '@/components/ui/Dialog';
import { FormError, SelectField, TextArea, TextField } from '@/components/ui/Field';
import { Pagination } from '@/components/ui/Pagination';
import { EmptyState } from '@/components/ui/States';
import { errorText, fieldErrorText, getAppError } from '@/lib/errors';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { LIMITS } from '@shared/constants/limits';
import { NeedSummary, type NeedItem } from '../components/NeedSummary';
import '../needs.css';
import { NeedList } from '../components/NeedList';

const PROXIMITIES = ['5', '20', '40', 'any'] as const;
type NeedProximity = (typeof PROXIMITIES)[number];

function parse(search: string) {
  const p = new URLSearchParams(search);
  const proximity = (PROXIMITIES as readonly string[]).includes(p.get('proximity') ?? '') ? (p.get('proximity') as NeedProximity) : '40';
  const page = Number(p.get('page'));
  return {
    proximity,
    q: (p.get('q') ?? '').slice(0, 100),
    code: (p.get('code') ?? '').slice(0, 32),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}
type NearFilters = ReturnType<typeof parse>;

function toQuery(f: NearFilters) {
  const p = new URLSearchParams();
  if (f.proximity !== '40') p.set('proximity', f.proximity);
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.code.trim()) p.set('code', f.code.trim());
  if (f.page > 0) p.set('page', String(f.page + 1));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function NeedsNearPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = parse(search);
  const [q, setQ] = useState(filters.q);
  const [code, setCode] = useState(filters.code);
  const update = (patch: Partial<NearFilters>) => navigate(`/needs/near${toQuery({ ...filters, page: 0, ...patch })}`);
  const results = useQuery({
    ...trpc.needs.search.queryOptions({
      proximity: filters.proximity,
      page: filters.page,
      size: LIMITS.listingPageSize,
      q: filters.q || undefined,
      material_group_code: filters.code || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const proximityLabels: Record<NeedProximity, string> = { '5': t`Within 5 km`, '20': t`Within 20 km`, '40': t`Within 40 km`, any: t`Any distance` };

  return (
    <>
      <PageHeader
        title={<Trans>Needs near you</Trans>}
        description={<Trans>What companies near you are looking for. Answer a need with one of your listings.</Trans>}
      />
      <MarketTabs current="near" />
      <SearchForm className="filters card need-search" label={t`Search needs`} onSearch={() => update({ q, code })}>
        <div className="need-filters">
          <SearchField id="needs-q" value={q} onChange={setQ} />
          <TextField
            id="needs-code"
            label={t`Material code`}
            placeholder="02 01"
            value={code}
            maxLength={32}
            onChange={(e) => setCode(e.target.value)}
          />
          <SelectField
            id="needs-proximity"
            label={t`Distance`}
            value={filters.proximity}
            onChange={(e) => update({ proximity: e.target.value as NeedProximity, q, code })}
          >
            {PROXIMITIES.map((p) => (
              <option key={p} value={p}>
                {proximityLabels[p]}
              </option>
            ))}
          </SelectField>
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
        </div>
      </SearchForm>

      <NeedList
        query={results}
        errorTitle={<Trans>Could not load needs</Trans>}
        empty={
          <EmptyState icon="pin" title={<Trans>No open needs match</Trans>}>
            <p>
              <Trans>Try a wider distance or fewer filters.</Trans>
            </p>
          </EmptyState>
        }
        testId="needs-near"
        footer={(data) => (
          <Pagination
            page={filters.page}
            size={LIMITS.listingPageSize}
            result={data}
            onPage={(page) => navigate(`/needs/near${toQuery({ ...filters, page })}`)}
          />
        )}
      >
        {(n) => <NearNeed need={n} />}
      </NeedList>
    </>
  );
}

function NearNeed({ need }: { need: NeedItem }) {
  const [answering, setAnswering] = useState(false);
  return (
    <article className="card need-card" data-testid={`near-need-${need.id}`}>
      <header className="need-card__head spread spread--tight">
        <h2 className="card__title">{need.title}</h2>
      </header>
      <p className="need-card__text">{need.description}</p>
      <NeedSummary need={need} showCompany />
      {answering ? (
        <AnswerForm needId={need.id} onDone={() => setAnswering(false)} />
      ) : (
        <div className="row-actions">
          <Button variant="secondary" size="sm" onClick={() => setAnswering(true)} data-testid="answer-need">
            <Trans>Answer with a listing</Trans>
          </Button>
        </div>
      )}
    </article>
  );
}

function AnswerForm({ needId, onDone }: { needId: number; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const own = useQuery(trpc.materials.mine.queryOptions({ kind: 'offering', status: 'active', page: 0, size: 100 }));
  const answer = useMutation(trpc.needs.answer.mutationOptions());
  const [material, setMaterial] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  return (
    <form
      className="form need-answer"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        setFields({});
        try {
          await answer.mutateAsync({ id: needId, material_id: Number(material) || 0, message: message || null });
          showSnackbar(msg`Your listing was sent to the company`);
          await qc.invalidateQueries({ queryKey: trpc.needs.pathKey() });
          onDone();
        } catch (err) {
          setFields(getAppError(err).fields ?? {});
          setError(errorText(i18n, err));
        }
      }}
    >
      <FormError>{error}</FormError>
      <SelectField
        label={t`Your listing`}
        required
        value={material}
        onChange={(e) => setMaterial(e.target.value)}
        error={fieldErrorText(i18n, fields.material_id ? { message: fields.material_id } : undefined)}
        hint={
          own.isError
            ? t`Could not load your listings`
            : own.data && own.data.items.length === 0
              ? t`Your company has no active listings yet`
              : undefined
        }
      >
        <option value="">{own.isLoading ? t`Loading…` : t`Choose a listing`}</option>
        {(own.data?.items ?? []).map((m) => (
          <option key={m.id} value={m.id}>
            {m.title}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t`Message (optional)`}
        rows={2}
        value={message}
        maxLength={LIMITS.messageMax}
        onChange={(e) => setMessage(e.target.value)}
        error={fieldErrorText(i18n, fields.message ? { message: fields.message } : undefined)}
      />
      <DialogActions loading={answer.isPending} onCancel={onDone} testId="answer-submit">
        <Trans>Send</Trans>
      </DialogActions>
    </form>
  );
}
