// The public company page (SPEC §2 /companies/{id}): about, member since, people and locations (companies.get),
// active listings (materials.search for the company), reviews with their average and pages
// (GET api/companies/{id}/reviews) and the SDGs of its successful synergies (GET api/companies/{id}/sdg-exchanges).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ListingCategory } from '@shared/constants/enums';
import { CategoryChip, SdgChip } from '@/components/listing/Chips';
import { formatQuantity } from '@/components/listing/format';
import { RoleLabel } from '@/components/RoleLabel';
import { Avatar } from '@/components/ui/Avatar';
import { ButtonLink } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { Fact } from '@/components/ui/Fact';
import { Icon } from '@/components/ui/Icon';
import { Pagination } from '@/components/ui/Pagination';
import { QueryView } from '@/components/ui/QueryView';
import { Stars } from '@/components/ui/Stars';
import { to } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';
import { industryLabel } from '@/components/forms/industries';
import type { RouterOutputs } from '@/lib/types';
import '../companies.css';
import { recordId, RecordNotFound, RecordView } from '@/components/ui/RecordNotFound';

type Company = RouterOutputs['companies']['get'];
type ReviewPage = RouterOutputs['exchanges']['companyReviews'];
const LISTINGS_PAGE = 6;
const REVIEWS_PAGE = 5;

export function CompanyPage({ params }: { params: Record<string, string> }) {
  const trpc = useTRPC();
  const { id, valid } = recordId(params.id);
  const company = useQuery(trpc.companies.get.queryOptions({ id }, { enabled: valid }));
  return (
    <RecordView
      query={company}
      valid={valid}
      reason
      notFound={
        <RecordNotFound icon="building" title={<Trans>Company not found</Trans>}>
          <Trans>This company does not exist or is not on the marketplace.</Trans>
        </RecordNotFound>
      }
    >
      {(c) => <CompanyView company={c} />}
    </RecordView>
  );
}

function CompanyView({ company: c }: { company: Company }) {
  const { i18n } = useLingui();
  const fmt = useFormat();
  const session = useSession();
  const own = session?.company?.id === c.id;
  const primary = c.addresses.find((a) => a.is_primary) ?? c.addresses[0];
  const since = c.member_since ?? c.created_at;
  const sinceText = c.member_since ? fmt.day(c.member_since) : fmt.date(since);
  const place = primary ? [primary.city, regionName(i18n.locale, primary.country)].filter(Boolean).join(', ') : null;
  const phone = c.contact_phone && c.country_calling_code ? `${c.country_calling_code} ${c.contact_phone}` : null;
  return (
    <>
      <div className="company-head" data-testid="company-head">
        <span className="company-head__logo thumb">
          {c.image_url ? <img src={c.image_url} alt="" width={72} height={72} /> : <Icon name="building" size={32} />}
        </span>
        <PageHeader
          title={c.name}
          description={
            <>
              {[c.industry ? industryLabel(i18n, c.industry, c.custom_industry) : null, place].filter(Boolean).join(' · ')}
              <br />
              <Trans>Member since {sinceText}</Trans>
            </>
          }
          actions={
            own && session?.user.role === 'MANAGER' ? <ButtonLink href="/account/manager-panel">{<Trans>Edit company</Trans>}</ButtonLink> : null
          }
        />
      </div>
      <div className="company-grid">
        <div className="stack">
          <Card title={<Trans>About</Trans>}>
            {c.about_info ? (
              <p className="about-text">{c.about_info}</p>
            ) : (
              <p className="muted">{<Trans>The company has not written about itself yet.</Trans>}</p>
            )}
            <dl className="details">
              {c.main_business ? <Fact label={<Trans>Main business</Trans>}>{c.main_business}</Fact> : null}
              {c.company_size ? <Fact label={<Trans>Company size</Trans>}>{c.company_size}</Fact> : null}
              {c.website_url ? (
                <Fact label={<Trans>Website</Trans>}>
                  <a className="text-link" href={c.website_url} target="_blank" rel="noreferrer noopener">
                    {c.website_url.replace(/^https?:\/\//, '')}
                  </a>
                </Fact>
              ) : null}
              {phone ? (
                <Fact label={<Trans>Phone</Trans>}>
                  <a className="text-link" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                    {phone}
                  </a>
                </Fact>
              ) : null}
              {c.parent_company ? (
                <Fact label={<Trans>Part of</Trans>}>
                  <Link className="text-link" href={to.company(c.parent_company.id)}>
                    {c.parent_company.name}
                  </Link>
                </Fact>
              ) : null}
            </dl>
          </Card>
          <Listings companyId={c.id} own={own} />
          <Reviews companyId={c.id} />
        </div>
        <div className="stack">
          <SdgExchanges companyId={c.id} />
          <Card title={<Trans>People</Trans>}>
            {c.users.length ? (
              <ul className="people">
                {c.users.map((u) => (
                  <li key={u.id}>
                    <Link href={to.user(u.id)} className="person person--link">
                      <Avatar imageUrl={u.image_url} first={u.first_name} last={u.last_name} size={36} />
                      <span>
                        <span className="person__name">{[u.first_name, u.last_name].filter(Boolean).join(' ')}</span>
                        <br />
                        <span className="muted">{u.official_role ?? <RoleLabel role={u.role} />}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">
                <Trans>No one to show yet.</Trans>
              </p>
            )}
          </Card>
          <Card title={<Trans>Locations</Trans>}>
            <ul className="plain-list">
              {c.addresses.map((a) => (
                <li key={a.id}>
                  {[a.address, a.zip_code, a.city, regionName(i18n.locale, a.country)].filter(Boolean).join(', ')}
                  {a.is_primary ? (
                    <>
                      {' '}
                      <span className="badge">
                        <Trans>Primary</Trans>
                      </span>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </>
  );
}

function regionName(locale: string, code: string) {
  try {
    return new Intl.DisplayNames([locale === 'dk' ? 'da' : locale === 'my' ? 'ms' : 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Listings({ companyId, own }: { companyId: number; own: boolean }) {
  const trpc = useTRPC();
  const lang = useLanguage();
  const [page, setPage] = useState(0);
  const list = useQuery({
    ...trpc.materials.search.queryOptions({
      company_id: companyId,
      proximity: 'any',
      sort: 'newest',
      kind: 'all',
      include_own: own,
      page,
      size: LISTINGS_PAGE,
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={<Trans>Listings</Trans>}>
      <QueryView query={list} reason>
        {(data) =>
          data.items.length ? (
            <>
              <ul className="company-listings" data-testid="company-listings">
                {data.items.map((m) => (
                  <li key={m.id} className="company-listing">
                    <Link href={to.material(m.id)} className="company-listing__title text-link">
                      {m.title}
                    </Link>
                    <span className="company-listing__meta">
                      <CategoryChip category={m.category as ListingCategory} />
                      <span>{formatQuantity(lang, m.quantity, m.quantity_unit)}</span>
                      {m.city ? <span className="muted">{m.city}</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
              <Pagination page={page} size={LISTINGS_PAGE} result={data} onPage={setPage} />
            </>
          ) : (
            <p className="muted">
              <Trans>No active listings at the moment.</Trans>
            </p>
          )
        }
      </QueryView>
    </Card>
  );
}

function Reviews({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(0);
  const reviews = useQuery({
    ...trpc.exchanges.companyReviews.queryOptions({ id: companyId, page, size: REVIEWS_PAGE }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={<Trans>Reviews</Trans>}>
      <QueryView query={reviews} reason errorTitle={<Trans>Could not load the reviews</Trans>}>
        {(data) =>
          data.total ? (
            <ReviewList data={data} page={page} onPage={setPage} />
          ) : (
            <p className="muted">
              <Trans>No reviews yet. Companies rate each other when a synergy ends.</Trans>
            </p>
          )
        }
      </QueryView>
    </Card>
  );
}

function ReviewList({ data, page, onPage }: { data: ReviewPage; page: number; onPage: (page: number) => void }) {
  const fmt = useFormat();
  const average = data.average_rating ?? 0;
  const shown = fmt.number(Math.round(average * 10) / 10);
  const total = data.total;
  return (
    <>
      <p className="review-average" data-testid="review-average">
        <Stars value={average} /> <strong>{shown}</strong>{' '}
        <span className="muted">
          <Plural value={total} one="average of # review" other="average of # reviews" />
        </span>
      </p>
      <ul className="reviews" data-testid="reviews">
        {data.items.map((r) => {
          const by = r.reviewer_company_name;
          return (
            <li key={r.id} className="review">
              <p className="review__head">
                <Stars value={r.rating} />{' '}
                <Link href={to.company(r.reviewer_company_id)} className="text-link">
                  {by}
                </Link>
                {r.reviewer_first_name ? <ReviewerName first={r.reviewer_first_name} former={r.reviewer_former} /> : null}
                <span className="muted"> · {fmt.date(r.created_at)}</span>
              </p>
              {r.title ? (
                <p className="muted review__title">
                  <Trans>Synergy on “{r.title}”</Trans>
                </p>
              ) : null}
              {r.review ? <p className="review__text">{r.review}</p> : null}
            </li>
          );
        })}
      </ul>
      <Pagination page={page} size={REVIEWS_PAGE} result={data} onPage={onPage} />
    </>
  );
}

function ReviewerName({ first, former }: { first: string; former: boolean }) {
  return <span className="muted"> ({former ? <Trans>{first}, former member</Trans> : first})</span>;
}

function SdgExchanges({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const sdg = useQuery(trpc.exchanges.companySdgExchanges.queryOptions({ id: companyId }));
  return (
    <Card title={<Trans>Sustainable Development Goals</Trans>}>
      <QueryView query={sdg} reason errorTitle={<Trans>Could not load the SDG figures</Trans>}>
        {(data) => {
          const goals = data.items.filter((g) => g.exchanges > 0);
          const n = data.successful_exchanges;
          return (
            <>
              <p className="muted">
                <Plural value={n} one="# successful synergy." other="# successful synergies." />{' '}
                <Trans>Each goal counts the successful synergies whose listing names it.</Trans>
              </p>
              {goals.length ? (
                <ul className="sdg-exchanges" data-testid="sdg-exchanges">
                  {goals.map((g) => (
                    <li key={g.sdg_id}>
                      <SdgChip goal={{ id: g.sdg_id, name: g.name, color: g.color }} /> <strong>{g.exchanges}</strong>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">
                  <Trans>No successful synergy named a Sustainable Development Goal yet.</Trans>
                </p>
              )}
            </>
          );
        }}
      </QueryView>
    </Card>
  );
}
