import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/Button';
import { Icon, type IconName } from '@/components/ui/Icon';
import { Spinner } from '@/components/ui/States';
import { HOME } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTRPC } from '@/lib/trpc';

function CircleArt() {
  return (
    <svg viewBox="0 0 320 320" className="hero__svg" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="ring" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#1c7c86" />
          <stop offset="1" stopColor="#0f5d4a" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="160" r="150" fill="#e3f1ea" />
      <circle
        cx="160"
        cy="160"
        r="112"
        fill="none"
        stroke="url(#ring)"
        strokeWidth="18"
        strokeDasharray="200 34"
        strokeLinecap="round"
        transform="rotate(-20 160 160)"
      />
      <g fill="#0f5d4a">
        <path d="M252 118l22 6-14 18z" />
        <path d="M112 262l-20 10 2-22z" />
        <path d="M96 70l-4-22 20 8z" />
      </g>
      <g>
        <circle cx="160" cy="48" r="26" fill="#fff" stroke="#0f5d4a" strokeWidth="3" />
        <circle cx="262" cy="206" r="26" fill="#fff" stroke="#0f5d4a" strokeWidth="3" />
        <circle cx="58" cy="206" r="26" fill="#fff" stroke="#0f5d4a" strokeWidth="3" />
        <path d="M148 40h24v16h-24z" fill="#7fd3b4" />
        <path d="M250 198h24l-12 18z" fill="#f2c14e" />
        <circle cx="58" cy="206" r="10" fill="#1c7c86" />
      </g>
      <circle cx="160" cy="160" r="58" fill="#fff" />
      <path d="M160 124c-22 6-34 22-34 40 0 14 10 24 22 26 2-18 8-30 22-40-8 10-13 22-14 38 22 0 34-16 34-34 0-12-6-22-30-30z" fill="#0f5d4a" />
    </svg>
  );
}

function Stat({
  icon,
  value,
  label,
  loading,
  failed,
}: {
  icon: IconName;
  value: number | undefined;
  label: ReactNode;
  loading: boolean;
  failed: boolean;
}) {
  const fmt = useFormat();
  return (
    <div className="card stat">
      <span className="icon-tile stat__icon">
        <Icon name={icon} size={24} />
      </span>
      <p className="stat__value" data-testid="landing-stat">
        {loading ? <Spinner size={22} /> : failed || value === undefined ? '–' : fmt.number(value)}
      </p>
      <p className="stat__label">{label}</p>
    </div>
  );
}

/** A section of the page under its heading (which names it for assistive technology). */
function LandingSection({ className, titleId, title, children }: { className: string; titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One step of "How it works": its number, what to do and what it brings. */
function Step({ n, title, children }: { n: number; title: ReactNode; children: ReactNode }) {
  return (
    <li className="step">
      <span className="step__num" aria-hidden="true">
        {n}
      </span>
      <h3>{title}</h3>
      <p>{children}</p>
    </li>
  );
}

/** One kind of thing companies share, with its own colour (kind--…). */
function Kind({ kind, title, children }: { kind: string; title: ReactNode; children: ReactNode }) {
  return (
    <li className={`kind kind--${kind}`}>
      <h3>{title}</h3>
      <p>{children}</p>
    </li>
  );
}

export function LandingPage() {
  const trpc = useTRPC();
  const session = useSession();
  const stats = useQuery({ ...trpc.common.landingStats.queryOptions(), refetchInterval: 60_000 });
  const start = !session ? '/register' : session.user.role === 'ADMIN' ? HOME.admin : HOME.user;
  const s = stats.data;
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero__text">
          <p className="eyebrow">Synergy Marketplace</p>
          <h1 className="hero__title" id="page-title" tabIndex={-1}>
            <Trans>Local synergies have global impact</Trans>
          </h1>
          <p className="hero__lead">
            <Trans>
              Companies list their by-products, surplus, waste and know-how. Businesses nearby put them to use. Every exchange keeps materials out of
              landfill and avoids CO2e.
            </Trans>
          </p>
          <div className="hero__actions">
            <ButtonLink href={start} size="lg">
              {session ? <Trans>Go to your dashboard</Trans> : <Trans>Get started</Trans>}
            </ButtonLink>
            {!session ? (
              <ButtonLink href="/login" size="lg" variant="secondary">
                <Trans>Log in</Trans>
              </ButtonLink>
            ) : null}
          </div>
        </div>
        <div className="hero__art">
          <CircleArt />
        </div>
      </section>

      <LandingSection className="stats" titleId="stats-title" title={<Trans>The marketplace today</Trans>}>
        <div className="stats__grid" aria-live="polite" aria-busy={stats.isPending}>
          <Stat icon="building" value={s?.companies} loading={stats.isPending} failed={stats.isError} label={<Trans>Enlisted companies</Trans>} />
          <Stat icon="boxes" value={s?.materials} loading={stats.isPending} failed={stats.isError} label={<Trans>Materials in the database</Trans>} />
          <Stat icon="cycle" value={s?.synergies} loading={stats.isPending} failed={stats.isError} label={<Trans>Synergy matches</Trans>} />
        </div>
        {stats.isError ? (
          <p className="muted stats__error" role="status">
            <Trans>The live figures could not be loaded just now.</Trans>{' '}
            <button type="button" className="text-link" onClick={() => void stats.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </p>
        ) : null}
      </LandingSection>

      <LandingSection className="steps" titleId="how-title" title={<Trans>How it works</Trans>}>
        <ol className="steps__list">
          <Step n={1} title={<Trans>List what you have</Trans>}>
            <Trans>Post by-products, surplus stock, waste streams or expert hours your company does not need.</Trans>
          </Step>
          <Step n={2} title={<Trans>Find what you need</Trans>}>
            <Trans>Search the database by material and distance, and make an offer to the company nearby.</Trans>
          </Step>
          <Step n={3} title={<Trans>Close the loop</Trans>}>
            <Trans>Agree in the chat, exchange, and see the kilograms and CO2e your synergy kept out of landfill.</Trans>
          </Step>
        </ol>
      </LandingSection>

      <LandingSection className="kinds" titleId="kinds-title" title={<Trans>What companies share</Trans>}>
        <ul className="kinds__grid">
          <Kind kind="byproduct" title={<Trans>By-products</Trans>}>
            <Trans>Offcuts, residues and side streams from production.</Trans>
          </Kind>
          <Kind kind="surplus" title={<Trans>Surplus</Trans>}>
            <Trans>Overstock, unused packaging and spare equipment.</Trans>
          </Kind>
          <Kind kind="waste" title={<Trans>Waste</Trans>}>
            <Trans>Streams that become someone else's raw material.</Trans>
          </Kind>
          <Kind kind="knowledge" title={<Trans>Knowledge</Trans>}>
            <Trans>Hours of expertise in engineering, logistics, finance and more.</Trans>
          </Kind>
        </ul>
      </LandingSection>

      {!session ? (
        <section className="cta" aria-labelledby="cta-title">
          <h2 id="cta-title">
            <Trans>Ready to turn surplus into value?</Trans>
          </h2>
          <p>
            <Trans>An administrator reviews every registration before the first login.</Trans>
          </p>
          <ButtonLink href="/register" size="lg" variant="secondary">
            <Trans>Register your company</Trans>
          </ButtonLink>
        </section>
      ) : null}
    </div>
  );
}
