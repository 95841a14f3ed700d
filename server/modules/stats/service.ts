// Impact (PRODUCT.md "Impact"): the record each successful synergy gets once, company stats by month,
// the records behind them, certificates and their public check, the ESG export, portfolio and platform totals.
// A company's figures are read by its own users and administrators; any other reader gets 404 (ARCHITECTURE §2).
import { writeToString } from 'fast-csv';
import { neutraliseCell } from '../materials/policy';
import { INTL_LOCALES, type Language, type QuantityUnit } from '../../../shared/constants/enums';
import {
  BASIS_MESSAGE,
  DEFRA_FACTOR_SET,
  DEFRA_FACTOR_VERSION,
  factorSetLabel,
  groupMapping,
  IMPACT_FORMULA,
  impactRecordFor,
  mappingProblem,
  mappingSourceMessage,
  perTonne,
  publishedRoutes as publishedRoutesOf,
  recordBasis,
  resolveMapping,
  ROUTE_MESSAGE,
  type ChainNode,
  type FactorUsed,
  type ImpactBreakdown,
  type ImpactMapping,
  type MappingLevel,
  type MappingSource,
} from '../../../shared/lib/impact';
import { buildPeriods, monthStart, ratePercent, resolveStatsPeriod, STATS_PERIODS, type MonthFigures } from '../../../shared/lib/stats';
import { formatMessage, type MessageCode, type MessageParams } from '../../../shared/messages';
import { pageOf } from '../../../shared/schemas/_primitives';
import type {
  AdminStatsInput,
  CertificateInput,
  DeleteImpactMappingInput,
  ImpactExportInput,
  ImpactMappingLevelInput,
  ImpactMappingNode,
  ImpactMethod,
  ImpactRecordsInput,
  SearchImpactMappingsInput,
  SetImpactMappingInput,
} from '../../../shared/schemas/stats';
import type { DbOrTx, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor, UserActor } from '../../lib/actor';
import { AppError, fieldError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { referenceNamesMatching, renderMessage } from '../../lib/i18n';
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
 * The impact of `quantity` of a listing, by the most specific mapping on its taxonomy chain and the current Defra
 * factor set: what a synergy's record stores, and what a donation stores at its hand-over (the same function,
 * docs/decisions/0093). The demo seed computes its synergies with it too.
 */
export async function listingImpact(tx: DbOrTx, x: { material_id: number | null; quantity: number; quantity_unit: QuantityUnit }) {
  const listing = x.material_id === null ? null : await repo.listingChain(tx, x.material_id);
  return impactRecordFor({
    quantity: x.quantity,
    quantity_unit: x.quantity_unit,
    group: listing && { name: listing.group_name ?? '', kind: listing.kind },
    mapping: listing && resolveMapping(listing.kind, listing.chain),
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

/** Basis, route and mapping of a stored record, with their words in English for REST readers (the screens translate). */
function methodOf(r: Pick<repo.ImpactRecordRow, 'basis' | 'counterfactual_route' | 'breakdown' | 'mapping'>) {
  const { basis, counterfactual_route } = recordBasis(r);
  const mapping = (r.mapping as MappingSource | null) ?? null;
  return {
    basis,
    counterfactual_route,
    basis_text: basis ? formatMessage({ code: BASIS_MESSAGE[basis] }) : null,
    route_text: counterfactual_route ? formatMessage({ code: ROUTE_MESSAGE[counterfactual_route] }) : null,
    mapping,
  };
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
    ...methodOf(r),
    factor_set: r.factor_set,
    factor_version: r.factor_version,
    factor_set_label: factorSetLabel(r.factor_set, r.factor_version),
    method: breakdown?.method ?? null,
    kgco2e_per_tonne: breakdown?.kgco2e_per_tonne ?? null,
    breakdown,
    factors: (r.factors ?? []) as FactorUsed[],
    verification_code: r.verification_code,
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
  const method = methodOf(r);
  const optional = (label: MessageCode, value: string | null): [string, string][] => (value ? [[t(label), value]] : []);
  const rows: [string, string][] = [
    [t('certificate.provider'), r.provider_company_name],
    [t('certificate.receiver'), r.requester_company_name],
    [t('certificate.material'), [r.title, r.material_group].filter(Boolean).join(' - ')],
    ...optional('certificate.defraMaterial', r.defra_material),
    [t('certificate.quantity'), quantity],
    [t('certificate.completed'), isoDay(completed)],
    [t('certificate.co2e'), noCo2e ? t('certificate.noCo2e') : `${formatNumber(lang, r.co2e_kg, 2)} kg CO2e`],
    ...optional('certificate.basis', method.basis && !noCo2e ? t(BASIS_MESSAGE[method.basis]) : null),
    ...optional('certificate.route', method.counterfactual_route && !noCo2e ? t(ROUTE_MESSAGE[method.counterfactual_route]) : null),
    ...optional('certificate.mapping', method.mapping ? renderMessage(lang, mappingSourceMessage(method.mapping)) : null),
    [t('certificate.factorSet'), factorSetLabel(r.factor_set, r.factor_version)],
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
    ...methodOf(r),
    kg: r.kg,
    hours: r.hours,
    co2e_kg: round(r.co2e_kg, 2),
    method: breakdown?.method ?? null,
    kgco2e_per_tonne: breakdown?.kgco2e_per_tonne ?? null,
    factor_set: r.factor_set,
    factor_version: r.factor_version,
    factor_set_label: factorSetLabel(r.factor_set, r.factor_version),
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
  { key: 'basis', disclosure: 'Method: like_for_like, disposal_only or none', width: 50 },
  { key: 'counterfactual_route', disclosure: 'Method: disposal route otherwise taken', width: 50 },
  { key: 'kgco2e_per_tonne', disclosure: 'Method: kg CO2e per tonne', width: 46, align: 'right' as const },
  { key: 'factor_set', disclosure: 'Method: factor set and version', width: 50 },
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
    r.basis ?? '',
    r.counterfactual_route ?? '',
    r.kgco2e_per_tonne === null ? '' : num(r.kgco2e_per_tonne, 5),
    r.factor_set_label,
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
    '',
    '',
  ];
  const base = `impact-${company.id}-${isoDay(from)}-${isoDay(to)}`;
  if (input.format === 'csv') {
    const headers = EXPORT_COLUMNS.map((c) => `${c.key} [${c.disclosure}]`);
    const content = await writeToString([headers, ...rows, totalRow]);
    return { file_name: `${base}.csv`, content_type: 'text/csv; charset=utf-8', content, encoding: 'utf8' as const };
  }
  // On paper the public record is named by its code, and the address it opens is said once: a whole address in a
  // column would be one word wider than the column.
  const verifyColumn = EXPORT_COLUMNS.findIndex((c) => c.key === 'verification_url');
  const byCode = (cells: string[], i: number) => cells.map((c, j) => (j === verifyColumn ? (items[i]?.verification_code ?? c) : c));
  const pdf = await tablePdf(
    {
      title: `Impact export: ${company.name}`,
      subtitle: `Synergies ended ${isoDay(from)} to ${isoDay(to)} (UTC), ${totals.synergies} impact records. kg CO2e avoided = kg / 1000 x per-tonne figure of the record's basis: like_for_like = (route otherwise taken - re-use disposal, never below 0) + (primary production - re-used, else closed-loop source); disposal_only = route otherwise taken - re-use disposal, never below 0; none = 0.`,
      notes: [
        `Factors: ${factorSetLabel(DEFRA_FACTOR_SET, DEFRA_FACTOR_VERSION)} (UK Government GHG Conversion Factors for Company Reporting 2023), Open Government Licence v3.0. Each record keeps the factors and the mapping it was computed with.`,
        'Avoided emissions are reported separately from a Scope 1-3 inventory, never subtracted from it.',
        `Evidence: each record's public page is ${publicUrl(deps.env, verifyPath('<verification code>'))}.`,
      ],
      columns: EXPORT_COLUMNS.map((c) => ({
        header: c.key === 'verification_url' ? 'verification code' : c.key.replaceAll('_', ' '),
        disclosure: c.disclosure,
        width: c.width,
        align: 'align' in c ? c.align : 'left',
      })),
      rows: rows.map(byCode),
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
 * GET admin/exchanges/stats (docs/decisions/0073): offers, synergies started and ended, success rate, and the
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

// ---- the method and its mappings (PRODUCT.md "Impact"; docs/decisions/0170, 0171) ----

const factorsOf = (db: DbOrTx) => repo.defraFactors(db, DEFRA_FACTOR_SET);
type Factors = Awaited<ReturnType<typeof factorsOf>>;

const ownOf = (n: ChainNode): ImpactMapping | null =>
  n.basis === null ? null : { defra_material: n.defra_material, basis: n.basis, counterfactual_route: n.counterfactual_route };

/** A node as the mapping screen and the admin paths answer it: its own mapping and the one it counts by. */
function nodeView(
  kind: 'material' | 'knowledge' | 'space',
  chain: ChainNode[],
  x: { customized: boolean; children: number },
  factors: Factors,
): ImpactMappingNode {
  const node = chain.at(-1)!;
  const resolved = resolveMapping(kind, chain)!;
  const own = node.level === 'group' ? groupMapping(kind, node) : ownOf(node);
  return {
    level: node.level,
    id: node.id,
    code: node.code,
    name: node.name,
    kind,
    own,
    effective: {
      defra_material: resolved.defra_material,
      basis: resolved.basis,
      counterfactual_route: resolved.counterfactual_route,
      kgco2e_per_tonne: perTonne(resolved, factors),
      from: resolved.source,
    },
    customized: x.customized,
    children: x.children,
  };
}

/**
 * GET api/impact/method (public): the factor set, the formula and every mapping in force: each group's, and each
 * subcategory's own, with the kg CO2e a tonne under it counts. Anyone can check a figure against it.
 */
export async function impactMethod(deps: Deps): Promise<ImpactMethod> {
  const [groups, subs, factors] = await Promise.all([repo.groupMappings(deps.db), repo.ownSubcategoryMappings(deps.db), factorsOf(deps.db)]);
  const kindOf = new Map(groups.map((g) => [g.id, g.kind]));
  const row = (level: MappingLevel, n: { id: number; code: string | null; name: string }, mapping: ImpactMapping) => ({
    level,
    id: n.id,
    code: n.code,
    name: n.name,
    ...mapping,
    kgco2e_per_tonne: perTonne(mapping, factors),
  });
  const subRow = (level: MappingLevel) => (n: (typeof subs.first)[number]) =>
    // A subcategory under knowledge or space counts no CO2e whatever it says.
    row(level, n, kindOf.get(n.group_id) === 'material' && n.basis !== null ? ownOf({ ...n, level, basis: n.basis })! : groupMapping('knowledge', n));
  return {
    factor_set: DEFRA_FACTOR_SET,
    factor_version: DEFRA_FACTOR_VERSION,
    formula: IMPACT_FORMULA,
    mappings: [
      ...groups.map((g) => row('group', g, groupMapping(g.kind, g))),
      ...subs.first.map(subRow('first')),
      ...subs.second.map(subRow('second')),
      ...subs.third.map(subRow('third')),
    ],
  };
}

async function nodeOr404(db: DbOrTx, level: MappingLevel, id: number) {
  const node = await repo.nodeChain(db, level, id);
  if (!node) throw new AppError('NOT_FOUND');
  return node;
}

async function childrenOf(db: DbOrTx, level: MappingLevel, id: number) {
  if (level === 'third') return 0;
  const next = ({ group: 'first', first: 'second', second: 'third' } as const)[level];
  return (await repo.childMappings(db, next, id)).length;
}

/**
 * PUT admin/impact/mappings: sets or changes one node's mapping. 404 for an unknown node; 400 for a Defra material
 * the factor set does not have, a route it publishes no factor for with that material, or a CO2e basis under a
 * knowledge or space group. Audited. Stored records keep their figures; synergies that end later use the new one.
 */
export async function setImpactMapping(deps: Deps, actor: AdminActor, input: SetImpactMappingInput) {
  const mapping: ImpactMapping = { defra_material: input.defra_material, basis: input.basis, counterfactual_route: input.counterfactual_route };
  await deps.db.transaction(async (tx) => {
    // The row first, then what it holds: a concurrent change waits, so each audit entry's "before" is the one it replaced.
    if (!(await repo.lockNode(tx, input.level, input.id))) throw new AppError('NOT_FOUND');
    const before = await nodeOr404(tx, input.level, input.id);
    if (before.kind !== 'material' && mapping.basis !== 'none') throw fieldError('basis', 'impact.noCo2eForKind');
    const problem = mappingProblem(mapping, await factorsOf(tx));
    if (problem === 'material') throw fieldError('defra_material', 'impact.unknownDefraMaterial');
    if (problem === 'route') {
      throw fieldError('counterfactual_route', 'impact.routeNotPublished', {
        route: mapping.counterfactual_route!,
        material: mapping.defra_material!,
      });
    }
    if (!(await repo.writeNodeMapping(tx, input.level, input.id, mapping))) throw new AppError('NOT_FOUND');
    const node = before.chain.at(-1)!;
    await recordAudit(tx, actor, {
      action: 'impact_mapping.set',
      entity: 'impact_mapping',
      entity_id: input.id,
      before: { level: input.level, code: node.code, ...(ownOf(node) ?? { defra_material: null, basis: null, counterfactual_route: null }) },
      after: { level: input.level, code: node.code, ...mapping },
    });
  });
  return mappingNode(deps.db, input.level, input.id);
}

/**
 * DELETE admin/impact/mappings/{level}/{id}: a subcategory's own mapping goes and it inherits from the level above
 * again (nothing to remove answers the same). A group always keeps one (400). Audited when something was removed.
 */
export async function deleteImpactMapping(deps: Deps, actor: AdminActor, input: DeleteImpactMappingInput) {
  if (input.level === 'group') throw fieldError('level', 'impact.groupKeepsMapping');
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockNode(tx, input.level, input.id))) throw new AppError('NOT_FOUND');
    const before = await nodeOr404(tx, input.level, input.id);
    const node = before.chain.at(-1)!;
    const own = ownOf(node);
    // Marked as the administrator's either way: the default table does not bring a removed mapping back.
    await repo.writeNodeMapping(tx, input.level, input.id, { defra_material: null, basis: null, counterfactual_route: null });
    if (own) {
      await recordAudit(tx, actor, {
        action: 'impact_mapping.delete',
        entity: 'impact_mapping',
        entity_id: input.id,
        before: { level: input.level, code: node.code, ...own },
      });
    }
  });
  return mappingNode(deps.db, input.level, input.id);
}

async function mappingNode(db: DbOrTx, level: MappingLevel, id: number) {
  const [node, factors, children] = await Promise.all([nodeOr404(db, level, id), factorsOf(db), childrenOf(db, level, id)]);
  return nodeView(node.kind, node.chain, { customized: node.customized, children }, factors);
}

/** The mapping screen: the groups, or the nodes of one level under their parent, each with its own and effective mapping. */
export async function impactMappingLevel(deps: Deps, input: ImpactMappingLevelInput) {
  const factors = await factorsOf(deps.db);
  if (input.level === 'group') {
    const groups = await repo.groupMappings(deps.db);
    return {
      parent: null,
      items: groups.map((g) =>
        nodeView(g.kind, [{ ...g, level: 'group', name: g.name }], { customized: g.customized_at !== null, children: g.children }, factors),
      ),
    };
  }
  const parentLevel = ({ first: 'group', second: 'first', third: 'second' } as const)[input.level];
  const parent = await nodeOr404(deps.db, parentLevel, input.parent_id!);
  const rows = await repo.childMappings(deps.db, input.level, input.parent_id!);
  return {
    parent: nodeView(parent.kind, parent.chain, { customized: parent.customized, children: rows.length }, factors),
    items: rows.map((r) =>
      nodeView(
        parent.kind,
        [...parent.chain, { ...r, level: input.level, name: r.name }],
        { customized: r.customized_at !== null, children: r.children },
        factors,
      ),
    ),
  };
}

/** Find nodes by name or code anywhere in the tree, each with where it sits and the mapping it counts by. */
export async function searchImpactMappings(deps: Deps, input: SearchImpactMappingsInput) {
  const [{ rows, total }, factors] = await Promise.all([
    repo.searchMappingNodes(deps.db, input.q, input.page, input.size, referenceNamesMatching(input.q)),
    factorsOf(deps.db),
  ]);
  const items = await Promise.all(
    rows.map(async (r) => {
      const [node, children] = await Promise.all([nodeOr404(deps.db, r.level, r.id), childrenOf(deps.db, r.level, r.id)]);
      return {
        ...nodeView(node.kind, node.chain, { customized: node.customized, children }, factors),
        path: node.chain.slice(0, -1).map((n) => ({ level: n.level, id: n.id, code: n.code, name: n.name })),
      };
    }),
  );
  return pageOf(items, total, input.page, input.size);
}

/**
 * The Defra materials a mapping may name, each with the routes Defra publishes a disposal factor for and what a tonne
 * counts by each route and basis: what the mapping dialog offers and shows before it is saved.
 */
export async function mappingChoices(deps: Deps) {
  const factors = await factorsOf(deps.db);
  const materials = [...new Set(factors.filter((f) => f.table_name !== 'freighting_goods').map((f) => f.material))].sort();
  return {
    materials: materials
      .map((name) => ({
        name,
        routes: publishedRoutesOf(name, factors).map((route) => ({
          route,
          like_for_like: perTonne({ defra_material: name, basis: 'like_for_like', counterfactual_route: route }, factors),
          disposal_only: perTonne({ defra_material: name, basis: 'disposal_only', counterfactual_route: route }, factors),
        })),
      }))
      .filter((m) => m.routes.length > 0),
  };
}
