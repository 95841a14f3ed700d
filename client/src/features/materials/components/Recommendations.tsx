// The four recommendations at the top of the database, each with why it is shown; a click is logged.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/lib/i18n';
import { refText } from '@/lib/reference';
import { useTRPC } from '@/lib/trpc';
import { formatKm } from '../lib/format';
import { ListingCard, ListingCardSkeleton } from './ListingCard';

export function Recommendations() {
  const { t, i18n } = useLingui();
  const lang = useLanguage();
  const trpc = useTRPC();
  // Each fetch logs a display on the server, so it is not refetched on every visit within the session.
  const rec = useQuery({ ...trpc.materials.recommended.queryOptions(), staleTime: 5 * 60_000 });
  const click = useMutation(trpc.materials.recommendationClicked.mutationOptions());
  if (rec.isError || (rec.data && rec.data.items.length === 0)) return null;
  return (
    <section className="recommendations" aria-labelledby="recommendations-title">
      <h2 id="recommendations-title" className="section-title">
        <Trans>Recommended for you</Trans>
      </h2>
      <div className="listing-grid listing-grid--four" aria-busy={rec.isLoading || undefined}>
        {rec.isLoading
          ? Array.from({ length: 4 }, (_, i) => <ListingCardSkeleton key={i} reason />)
          : rec.data?.items.map((item) => {
              const group = refText(i18n, item.reason.matched_group_name);
              const km = item.reason.distance_km;
              const distance = km !== null ? formatKm(lang, km) : null;
              const reason =
                group && distance
                  ? t`Matches your interest in ${group} · ${distance} away`
                  : group
                    ? t`Matches your interest in ${group}`
                    : distance
                      ? t`${distance} away`
                      : t`New on the marketplace`;
              return (
                <ListingCard
                  key={item.id}
                  item={item}
                  onOpen={() => click.mutate({ material_id: item.id })}
                  extra={<p className="listing-card__reason">{reason}</p>}
                />
              );
            })}
      </div>
    </section>
  );
}
