// Impact (PRODUCT.md "Impact", issue 12): the record each successful synergy gets once, company stats by month,
// the records behind them, certificates and their public check, the ESG export, portfolio and platform totals.
// A company's figures are read by its own users and administrators; any other reader gets 404 (ARCHITECTURE §2).
import { writeToString } from 'fast-csv';
import { neutraliseCell } from '../materials/policy';
import { INTL_LOCALES, type Language, type QuantityUnit } from '../../../shared/constants/enums';
import { DEFRA_FACTOR_SET, impactRecordFor, type FactorUsed, type ImpactBreakdown } from '../../../shared/lib/impact';
import { buildPeriods, monthStart, ratePercent, resolveStatsPeriod, STATS_PERIODS, type MonthFigures } from '../../../shared/lib/stats';
import type { MessageCode, MessageParams } from '../../../shared/messages';
import type { AdminStatsInput, CertificateInput, ImpactExportInput, ImpactRecordsInput } from '../../../shared/schemas/stats';
import type { DbOrTx, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { CompanyActor, UserActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { renderMessage } from '../../lib/i18n';
import { publicUrl } from '../../lib/mail';
import { certificatePdf, tablePdf } from './pdf';
import * as repo from './repo';

const DAY_MS = 86_400_000;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The path of the public page a certificate's QR code opens. */
export const verifyPath = (code: string) => `/verify/impact/${code}`;

// ---- the record ----

/**
 * Stores the impact of a synergy that has just ended successfully, in the ending transaction: its kilograms or
 * hours, the listing's group and Defra material, the factor set, the factors used and the CO2e they give.
 * Stored once (a second call writes nothing) and never recomputed.
 */
export async function recordImpact(
  tx: Tx,
  x: { exchange_id: number; material_id: number | null; quantity: number; quantity_unit: QuantityUnit },
): Promise<void> {
  await repo.insertImpact(tx, { exchange_id: x.exchange_id, ...(await listingImpact(tx, x)) });
}

/**
 * The impact of `quantity` of a listing, by its material group and the current Defra factor set: what a synergy's
 * record stores, and what a donation stores at its hand-over (the same function, docs/decisions/0093).
 */
export async function listingImpact(tx: DbOrTx, x: { material_id: number | null; quantity: number; quantity_unit: QuantityUnit }) {
  const group = x.material_id === null ? null : await repo.impactBasis(tx, x.material_id);
  return impactRecordFor({
    quantity: x.quantity,
    quantity_unit: x.quantity_unit,
    group,
    factors: await repo.defraFactors(tx, DEFRA_FACTOR_SET),
  });
}

// ---- who may read a company's figures ----

/** The company, for its own users and administrators; 404 for anyone else and for a company that does not exist. */
async function readableCompany(deps: Deps, actor: UserActor, companyId: number) {
  if (actor.role !== 'ADMIN' && actor.company_id !== companyId) throw new AppError('NOT_FOUND');
  const company = await repo.companyInfo(deps.db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

// ---- company stats ----

/**
 * GET api/companies/{id}/stats: this calendar month (UTC) and the three before, oldest first, zero-padded, each
 * with its change in percent against the month before. Money is in the company's currency (EUR without one);
 * amounts recorded in another currency are listed per period in `other_currencies`, never added in.
 */
export async function companyStats(deps: Deps, actor: UserActor, input: { id: number }, now = new Date()) {
  const company = await readableCompany(deps, actor, input.id);
  const currency = company.currency ?? 'EUR';
  // One month more than shown: the oldest period's change needs the month before it.
  const from = monthStart(now, -STATS_PERIODS);
  const to = monthStart(now, 1);
  const [figures, money] = await repo.monthlyFiguresAndMoney(deps.db, company.id, from, to);
  const byMonth = new Map<string, Partial<MonthFigures>>();
  for (const f of figures) byMonth.set(f.month, { kgs: f.kgs, hours: f.hours, completed_synergies: f.completed_synergies, co2e_kg: f.co2e_kg });
  const other = new Map<string, { currency: string; money_saved: number; revenue_made: number }[]>();
  for (const m of money) {
    if (m.currency === currency) {
      byMonth.set(m.month, { ...byMonth.get(m.month), money_saved: m.saved_minor / 100, revenue_made: m.revenue_minor / 100 });
    } else if (m.currency && (m.saved_minor || m.revenue_minor)) {
      other.set(m.month, [
        ...(other.get(m.month) ?? []),
        { currency: m.currency, money_saved: m.saved_minor / 100, revenue_made: m.revenue_minor / 100 },
      ]);
    }
  }
  const periods = buildPeriods(now, byMonth).map((p) => ({
    ...p,
    kgs: round(p.kgs, 3),
    hours: round(p.hours, 2),
    co2e_kg: round(p.co2e_kg, 2),
    money_saved: round(p.money_saved, 2),
    revenue_made: round(p.revenue_made, 2),
    other_currencies: other.get(p.month) ?? [],
  }));
  return { company_id: company.id, currency, periods };
}

// ---- the records behind the figures ----

/** Inclusive 'YYYY-MM-DD' days → the half-open instant range [from, to + 1 day). */
function periodOf(input: { from?: string; to?: string }, defaultFrom: (to: Date) => Date, now: Date) {
  const to = input.to ? new Date(`${input.to}T00:00:00Z`) : new Date(`${isoDay(now)}T00:00:00Z`);
  const from = input.from ? new Date(`${input.from}T00:00:00Z`) : defaultFrom(to);
  return { from, to, end: new Date(to.getTime() + DAY_MS) };
}

function recordView(r: repo.ImpactRecordRow, companyId: number, env: Deps['env']) {
  const breakdown = r.breakdown as ImpactBreakdown | null;
  const side = r.provider_company_id === companyId ? ('provider' as const) : ('requester' as const);
  return {
    exchange_id: r.exchange_id,
    title: r.title,
    completed_at: r.completed_at,
    side,
    partner:
      side === 'provider'
        ? { id: r.requester_company_id, name: r.requester_company_name }
        : { id: r.provider_company_id, name: r.provider_company_name },
    material_group: r.material_group,
    material_group_code: r.material_group_code,
    hazardous: r.hazardous,
    kg: r.kg,
    hours: r.hours,
    co2e_kg: r.co2e_kg,
    defra_material: r.defra_material,
    factor_set: r.factor_set,
    factor_version: r.factor_version,
    method: breakdown?.method ?? null,
    kgco2e_per_tonne: breakdown?.kgco2e_per_tonne ?? null,
    breakdown,
    factors: (r.factors ?? []) as FactorUsed[],
    verify_url: publicUrl(env, verifyPath(r.verification_code)),
  };
}
export type ImpactRecordView = ReturnType<typeof recordView>;

function totalsOf(items: ImpactRecordView[]) {
  return {
    synergies: items.length,
    kgs: round(
      items.reduce((s, r) => s + r.kg, 0),
      3,
    ),
    hours: round(
      items.reduce((s, r) => s + r.hours, 0),
      2,
    ),
    co2e_kg: round(
      items.reduce((s, r) => s + r.co2e_kg, 0),
      2,
    ),
  };
}

/**
 * The impact records of the company's successful synergies ended in the period (default: the four months the
 * dashboard shows), each with its formula inputs, and their totals: how every dashboard figure was computed.
 */
export async function impactRecords(deps: Deps, actor: UserActor, input: ImpactRecordsInput, now = new Date()) {
  const company = await readableCompany(deps, actor, input.id);
  const { from, to, end } = periodOf(input, () => monthStart(now, -(STATS_PERIODS - 1)), now);
  const items = (await repo.companyRecords(deps.db, company.id, from, end)).map((r) => recordView(r, company.id, deps.env));
  return { company_id: company.id, from: isoDay(from), to: isoDay(to), items, totals: totalsOf(items) };
}

// ---- certificate and its public check ----

function formatNumber(language: Language, n: number, digits = 0) {
  return new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(n);
}

/**
 * GET api/exchanges/{id}/certificate: a PDF for a successful synergy, to its two companies and administrators
 * (404 for anyone else, and for a synergy without an impact record), in the language asked for.
 */
export async function certificate(deps: Deps, actor: UserActor, input: CertificateInput) {
  const parties = await repo.exchangeParties(deps.db, input.id);
  const mine = parties && (actor.company_id === parties.provider_company_id || actor.company_id === parties.requester_company_id);
  if (!parties || (!mine && actor.role !== 'ADMIN')) throw new AppError('NOT_FOUND');
  const r = await repo.recordOfExchange(deps.db, input.id);
  if (!r) throw new AppError('NOT_FOUND');
  const lang = input.language;
  const t = (code: MessageCode, params?: MessageParams) => renderMessage(lang, { code, params });
  const url = publicUrl(deps.env, verifyPath(r.verification_code));
  const quantity = r.hours > 0 ? t('certificate.hours', { hours: formatNumber(lang, r.hours, 2) }) : `${formatNumber(lang, r.kg, 3)} kg`;
  const noCo2e = (r.breakdown as ImpactBreakdown | null)?.method === 'none';
  const completed = r.completed_at ?? r.recorded_at;
  const rows: [string, string][] = [
    [t('certificate.provider'), r.provider_company_name],
    [t('certificate.receiver'), r.requester_company_name],
    [t('certificate.material'), [r.title, r.material_group].filter(Boolean).join(' - ')],
    ...(r.defra_material ? [[t('certificate.defraMaterial'), r.defra_material] as [string, string]] : []),
    [t('certificate.quantity'), quantity],
    [t('certificate.completed'), isoDay(completed)],
    [t('certificate.co2e'), noCo2e ? t('certificate.noCo2e') : `${formatNumber(lang, r.co2e_kg, 2)} kg CO2e`],
    [t('certificate.factorSet'), `${r.factor_set} (${r.factor_version})`],
  ];
  const factors = ((r.factors ?? []) as FactorUsed[]).map(
    (f) =>
      `${f.table_name}: ${f.material} / ${f.route_or_source} = ${formatNumber(lang, f.kgco2e, 5)}${f.source ? ` (${f.source.replace(/^.*\bID\b\s*/, 'ID ')})` : ''}`,
  );
  const pdf = await certificatePdf(
    {
      title: t('certificate.title'),
      intro: t('certificate.intro'),
      rows,
      method: t('certificate.method'),
      formula: t('certificate.formula'),
      factorsUsed: t('certificate.factorsUsed'),
      factors,
      verify: t('certificate.verify'),
      verifyUrl: url,
      codeLabel: t('certificate.code'),
      code: r.verification_code,
      credit: t('certificate.credit'),
    },
    r.recorded_at,
  );
  return { file_name: `impact-certificate-${r.exchange_id}.pdf`, content_type: 'application/pdf', content_base64: pdf.toString('base64') };
}

/**
 * GET api/verify/impact/{code}: public. Confirms the record a certificate shows: the two companies' trade names,
 * the material group, quantity, CO2e, factors and the day it ended; never money, listing text, people or chat.
 */
export async function verifyImpact(deps: Deps, input: { code: string }) {
  const r = await repo.recordByCode(deps.db, input.code);
  if (!r) throw new AppError('NOT_FOUND');
  const breakdown = r.breakdown as ImpactBreakdown | null;
  return {
    code: r.verification_code,
    valid: true as const,
    completed_on: isoDay(r.completed_at ?? r.recorded_at),
    providing_company: r.provider_company_name,
    receiving_company: r.requester_company_name,
    material_group: r.material_group,
    defra_material: r.defra_material,
    kg: r.kg,
    hours: r.hours,
    co2e_kg: round(r.co2e_kg, 2),
    method: breakdown?.method ?? null,
    kgco2e_per_tonne: breakdown?.kgco2e_per_tonne ?? null,
    factor_set: r.factor_set,
    factor_version: r.factor_version,
    factors: ((r.factors ?? []) as FactorUsed[]).map((f) => ({
      table_name: f.table_name,
      material: f.material,
      route_or_source: f.route_or_source,
      kgco2e: f.kgco2e,
      source: f.source,
    })),
  };
}

// ---- ESG export ----

/** Each column with the GRI 306 / ESRS E5 disclosure it serves (docs/decisions/0087). */
export const EXPORT_COLUMNS = [
  { key: 'synergy_id', disclosure: 'Record reference', width: 34 },
  { key: 'date_ended', disclosure: 'Reporting period (UTC date)', width: 50 },
  { key: 'role', disclosure: 'provided = outflow, received = inflow', width: 42 },
  { key: 'counterparty', disclosure: 'Counterparty', width: 90 },
  { key: 'material', disclosure: 'Description', width: 90 },
  { key: 'ewc_code', disclosure: 'GRI 306-4-a composition; ESRS E5-5 para 38', width: 40 },
  { key: 'hazardous', disclosure: 'GRI 306-4-b hazardous / 306-4-c non-hazardous; ESRS E5-5 para 37(b)', width: 54 },
  { key: 'kg_diverted_preparation_for_reuse', disclosure: 'GRI 306-4-b(i)/306-4-c(i); ESRS E5-5 para 37(b)(i)', width: 62, align: 'right' as const },
  { key: 'kg_secondary_material_inflow', disclosure: 'ESRS E5-4 para 31(c); GRI 301-2', width: 58, align: 'right' as const },
  { key: 'knowledge_hours', disclosure: 'Not a GRI 306 / ESRS E5 datapoint', width: 40, align: 'right' as const },
  {
    key: 'co2e_avoided_kg',
    disclosure: 'Avoided emissions, reported separately from Scopes 1-3 (GRI 305-5 context)',
    width: 62,
    align: 'right' as const,
  },
  { key: 'defra_material', disclosure: 'Method: Defra material', width: 70 },
  { key: 'kgco2e_per_tonne', disclosure: 'Method: kg CO2e per tonne', width: 46, align: 'right' as const },
  { key: 'factor_set', disclosure: 'Method: factor set and version', width: 80 },
  { key: 'verification_url', disclosure: 'Evidence: public record', width: 120 },
] as const;

/**
 * GET api/companies/{id}/impact-export?from&to&format=csv|pdf: every impact record of the company's synergies
 * ended in the period (default: this calendar year to today) with totals, each column headed with its disclosure.
 */
export async function impactExport(deps: Deps, actor: UserActor, input: ImpactExportInput, now = new Date()) {
  const company = await readableCompany(deps, actor, input.id);
  const { from, to, end } = periodOf(input, (t) => new Date(Date.UTC(t.getUTCFullYear(), 0, 1)), now);
  const items = (await repo.companyRecords(deps.db, company.id, from, end)).map((r) => recordView(r, company.id, deps.env));
  const totals = totalsOf(items);
  const provided = items.filter((r) => r.side === 'provider').reduce((s, r) => s + r.kg, 0);
  const received = items.filter((r) => r.side === 'requester').reduce((s, r) => s + r.kg, 0);
  const num = (n: number, digits: number) => String(round(n, digits));
  const rows = items.map((r) => [
    String(r.exchange_id),
    r.completed_at ? isoDay(r.completed_at) : '',
    r.side === 'provider' ? 'provided' : 'received',
    // Names and titles are what companies typed: a spreadsheet must not run one as a formula (CSV injection).
    neutraliseCell(r.partner.name),
    neutraliseCell(r.title ?? ''),
    r.material_group_code ?? '',
    r.hazardous === null ? '' : r.hazardous ? 'yes' : 'no',
    r.side === 'provider' ? num(r.kg, 3) : '0',
    r.side === 'requester' ? num(r.kg, 3) : '0',
    num(r.hours, 2),
    num(r.co2e_kg, 2),
    r.defra_material ?? '',
    r.kgco2e_per_tonne === null ? '' : num(r.kgco2e_per_tonne, 5),
    `${r.factor_set} (${r.factor_version})`,
    r.verify_url,
  ]);
  const totalRow = [
    'TOTAL',
    '',
    '',
    '',
    `${totals.synergies} synergies`,
    '',
    '',
    num(provided, 3),
    num(received, 3),
    num(totals.hours, 2),
    num(totals.co2e_kg, 2),
    '',
    '',
    '',
    '',
  ];
  const base = `impact-${company.id}-${isoDay(from)}-${isoDay(to)}`;
  if (input.format === 'csv') {
    const headers = EXPORT_COLUMNS.map((c) => `${c.key} [${c.disclosure}]`);
    const content = await writeToString([headers, ...rows, totalRow]);
    return { file_name: `${base}.csv`, content_type: 'text/csv; charset=utf-8', content, encoding: 'utf8' as const };
  }
  const pdf = await tablePdf(
    {
      title: `Impact export: ${company.name}`,
      subtitle: `Synergies ended ${isoDay(from)} to ${isoDay(to)} (UTC), ${totals.synergies} impact records. kg CO2e avoided = kg / 1000 x [(landfill - re-use disposal) + (primary production - re-used, else closed-loop source)].`,
      notes: [
        'Factors: UK Government GHG Conversion Factors 2023 (DESNZ/Defra), version 1.1, Open Government Licence v3.0. Each record keeps the factors it was computed with.',
        'Avoided emissions are reported separately from a Scope 1-3 inventory, never subtracted from it.',
      ],
      columns: EXPORT_COLUMNS.map((c) => ({
        header: c.key.replaceAll('_', ' '),
        disclosure: c.disclosure,
        width: c.width,
        align: 'align' in c ? c.align : 'left',
      })),
      rows,
      totals: totalRow,
    },
    now,
  );
  return { file_name: `${base}.pdf`, content_type: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' as const };
}

// ---- portfolio and platform ----

/**
 * /portfolio-companies: a parent company's portfolio companies with each one's totals over its successful
 * synergies, and the combined total counting a synergy between two of them once. Other companies get 403.
 */
export async function portfolio(deps: Deps, actor: CompanyActor) {
  const company = await repo.companyInfo(deps.db, actor.company_id);
  if (!company?.is_parent_company) throw new AppError('FORBIDDEN', { message: { code: 'stats.notParentCompany' } });
  const children = await repo.portfolioCompanies(deps.db, company.id);
  const items = await Promise.all(children.map(async (c) => ({ id: c.id, name: c.name, ...(await repo.distinctTotals(deps.db, [c.id])) })));
  const total = await repo.distinctTotals(
    deps.db,
    children.map((c) => c.id),
  );
  return { items, total: { ...total, co2e_kg: round(total.co2e_kg, 2) } };
}

/** The platform's totals: every successful synergy once, with the kilograms, hours and CO2e of its one record. */
export async function platformTotals(deps: Deps) {
  const [synergies, totals] = await Promise.all([repo.successfulSynergies(deps.db), repo.distinctTotals(deps.db)]);
  return { successful_synergies: synergies, kgs: totals.kgs, hours: totals.hours, co2e_kg: round(totals.co2e_kg, 2) };
}

/**
 * GET admin/exchanges/stats (issue 14, docs/decisions/0073): offers, synergies started and ended, success rate, and the
 * stored impact (kg, hours, CO2e; each synergy once) month by month over a period of UTC days, the period's totals,
 * and the all-time figures (platform totals). A month without activity is zero.
 */
export async function adminExchangeStats(deps: Deps, input: AdminStatsInput, now = new Date()) {
  const p = resolveStatsPeriod(input, now);
  const [offersRows, started, ended, impact, platform, counts] = await Promise.all([
    repo.offersByMonth(deps.db, p.start, p.end),
    repo.synergiesStartedByMonth(deps.db, p.start, p.end),
    repo.synergiesEndedByMonth(deps.db, p.start, p.end),
    repo.impactByMonth(deps.db, p.start, p.end),
    platformTotals(deps),
    repo.allTimeCounts(deps.db),
  ]);
  const by = <R extends { month: string }>(rows: R[]) => new Map(rows.map((r) => [r.month, r]));
  const [o, s, e, i] = [by(offersRows), by(started), by(ended), by(impact)];
  const months = p.months.map((month) => {
    const completed = e.get(month)?.completed ?? 0;
    const successful = e.get(month)?.successful ?? 0;
    return {
      month,
      offers: o.get(month)?.n ?? 0,
      synergies_started: s.get(month)?.n ?? 0,
      synergies_completed: completed,
      successful,
      success_rate: ratePercent(successful, completed),
      kgs: round(i.get(month)?.kgs ?? 0, 3),
      hours: round(i.get(month)?.hours ?? 0, 2),
      co2e_kg: round(i.get(month)?.co2e_kg ?? 0, 2),
    };
  });
  const sum = (k: 'offers' | 'synergies_started' | 'synergies_completed' | 'successful' | 'kgs' | 'hours' | 'co2e_kg') =>
    months.reduce((n, m) => n + m[k], 0);
  const period = {
    offers: sum('offers'),
    synergies_started: sum('synergies_started'),
    synergies_completed: sum('synergies_completed'),
    successful: sum('successful'),
    success_rate: ratePercent(sum('successful'), sum('synergies_completed')),
    kgs: round(sum('kgs'), 3),
    hours: round(sum('hours'), 2),
    co2e_kg: round(sum('co2e_kg'), 2),
  };
  const all_time = {
    ...counts,
    successful: platform.successful_synergies,
    success_rate: ratePercent(platform.successful_synergies, counts.synergies_completed),
    kgs: round(platform.kgs, 3),
    hours: round(platform.hours, 2),
    co2e_kg: platform.co2e_kg,
  };
  return { from: p.from, to: p.to, period, all_time, months };
}
