import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '@/components/ui/Field';
import { ErrorState } from '@/components/ui/States';
import { useFormat } from '@/lib/format';
import { useTRPC } from '@/lib/trpc';

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Registration counts by status and a per-day bar list for a date range (registration.stats). */
export function RegistrationStats() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const fmt = useFormat();
  const [start, setStart] = useState(isoDaysAgo(29));
  const [end, setEnd] = useState(isoDaysAgo(0));
  const valid = !start || !end || start <= end;
  const stats = useQuery({
    ...trpc.registration.admin.stats.queryOptions({ start_date: start || undefined, end_date: end || undefined }, { enabled: valid }),
    placeholderData: keepPreviousData,
  });
  const s = stats.data;
  const max = Math.max(1, ...(s?.by_day ?? []).map((d) => d.total));
  const counts = s
    ? [
        { key: 'pending', label: t`Pending`, value: s.by_status.pending },
        { key: 'accepted', label: t`Accepted`, value: s.by_status.accepted },
        { key: 'rejected', label: t`Rejected`, value: s.by_status.rejected },
        { key: 'total', label: t`Total`, value: s.by_status.total },
      ]
    : [];
  return (
    <section aria-labelledby="reg-stats-title" className="stack-sm">
      <h3 id="reg-stats-title" className="card__title">
        <Trans>Registrations in the period</Trans>
      </h3>
      <div className="toolbar">
        <TextField label={<Trans>From</Trans>} type="date" value={start} max={end || undefined} onChange={(e) => setStart(e.target.value)} />
        <TextField
          label={<Trans>To</Trans>}
          type="date"
          value={end}
          min={start || undefined}
          onChange={(e) => setEnd(e.target.value)}
          error={valid ? undefined : t`The end date must not be before the start date`}
        />
      </div>
      {stats.isError ? (
        <ErrorState onRetry={() => void stats.refetch()}>
          <p>
            <Trans>The registration statistics could not be loaded.</Trans>
          </p>
        </ErrorState>
      ) : (
        <>
          <div className="stat-counts tiles" data-testid="registration-counts">
            {counts.map((c) => (
              <div key={c.key} className="stat-count">
                <span className="stat-count__value">{fmt.number(c.value)}</span>
                <span className="stat-count__label">{c.label}</span>
              </div>
            ))}
          </div>
          {s && s.by_day.length ? (
            <>
              <div className="legend" aria-hidden="true">
                <span>
                  <span className="legend__swatch bars__seg--pending" />
                  {t`Pending`}
                </span>
                <span>
                  <span className="legend__swatch bars__seg--accepted" />
                  {t`Accepted`}
                </span>
                <span>
                  <span className="legend__swatch bars__seg--rejected" />
                  {t`Rejected`}
                </span>
              </div>
              <ul className="bars list-stack" aria-label={t`Registrations per day`}>
                {s.by_day.map((d) => {
                  const day = fmt.day(d.date);
                  const { pending, accepted, rejected, total } = d;
                  return (
                    <li key={d.date} className="bars__row">
                      <span>{day}</span>
                      <span className="bars__track" role="img" aria-label={t`${day}: ${pending} pending, ${accepted} accepted, ${rejected} rejected`}>
                        {(['pending', 'accepted', 'rejected'] as const).map((k) =>
                          d[k] ? <span key={k} className={`bars__seg--${k}`} style={{ width: `${(d[k] / max) * 100}%` }} /> : null,
                        )}
                      </span>
                      <span className="bars__value">{fmt.number(total)}</span>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : s ? (
            <p className="muted">
              <Trans>No registrations in this period.</Trans>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
