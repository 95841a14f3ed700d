// Regenerates the checked-in reference snapshots (server/db/seed/data/*.json) from ../shared/data.
// The app seeds from the snapshots so it runs where shared/ is absent (Docker image, a user's clone).
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseString } from 'fast-csv';
import type { EwcRow } from '../server/db/seed/material-taxonomy';
import type { DefraRow } from '../server/db/seed/reference';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHARED_DATA_DIR = path.resolve(REPO_ROOT, '../shared/data');
export const SNAPSHOT_DIR = path.resolve(REPO_ROOT, 'server/db/seed/data');

export type { EwcRow, DefraRow };

function parseCsv(text: string): Promise<Record<string, string>[]> {
  return new Promise((resolve, reject) => {
    const rows: Record<string, string>[] = [];
    parseString<Record<string, string>, Record<string, string>>(text, { headers: true, strictColumnHandling: true })
      .on('error', reject)
      .on('data-invalid', (_row: unknown, rowNumber: number) => reject(new Error(`CSV row ${rowNumber} has the wrong number of fields`)))
      .on('data', (row: Record<string, string>) => rows.push(row))
      .on('end', () => resolve(rows));
  });
}

function field(row: Record<string, string>, name: string, rowIndex: number): string {
  const v = row[name];
  if (v === undefined) throw new Error(`CSV row ${rowIndex + 2}: missing column ${name}`);
  return v;
}

export async function parseEwcCsv(text: string): Promise<EwcRow[]> {
  const rows = await parseCsv(text);
  return rows.map((r, i) => {
    const level = Number(field(r, 'level', i));
    if (level !== 1 && level !== 2 && level !== 3) throw new Error(`EWC row ${i + 2}: bad level ${level}`);
    const hazardous = field(r, 'hazardous', i);
    if (hazardous !== 'true' && hazardous !== 'false') throw new Error(`EWC row ${i + 2}: bad hazardous ${hazardous}`);
    const parent = field(r, 'parent_code', i);
    return {
      code: field(r, 'code', i),
      level,
      parent_code: parent === '' ? null : parent,
      description: field(r, 'description', i),
      hazardous: hazardous === 'true',
    };
  });
}

export async function parseDefraCsv(text: string): Promise<DefraRow[]> {
  const rows = await parseCsv(text);
  return rows.map((r, i) => {
    const table = field(r, 'table', i);
    if (table !== 'material_use' && table !== 'waste_disposal') throw new Error(`Defra row ${i + 2}: bad table ${table}`);
    const kgco2e = Number(field(r, 'kgco2e', i));
    if (!Number.isFinite(kgco2e)) throw new Error(`Defra row ${i + 2}: bad kgco2e`);
    return {
      table_name: table,
      activity: field(r, 'activity', i),
      material: field(r, 'material', i),
      route_or_source: field(r, 'route_or_source', i),
      unit: field(r, 'unit', i),
      kgco2e,
      source: field(r, 'source', i),
    };
  });
}

export async function readSharedReferenceData(dir = SHARED_DATA_DIR): Promise<{ ewc: EwcRow[]; defra: DefraRow[] }> {
  const [ewcText, defraText] = await Promise.all([
    readFile(path.join(dir, 'ewc-list-of-waste.csv'), 'utf8'),
    readFile(path.join(dir, 'defra-2023-material-waste.csv'), 'utf8'),
  ]);
  return { ewc: await parseEwcCsv(ewcText), defra: await parseDefraCsv(defraText) };
}

async function main(): Promise<void> {
  const { ewc, defra } = await readSharedReferenceData();
  // One row per line keeps diffs of a regenerated snapshot readable.
  const dump = (rows: unknown[]) => `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
  writeFileSync(path.join(SNAPSHOT_DIR, 'ewc.json'), dump(ewc));
  writeFileSync(path.join(SNAPSHOT_DIR, 'defra.json'), dump(defra));
  console.log(`Wrote ${ewc.length} EWC rows and ${defra.length} Defra rows to ${path.relative(REPO_ROOT, SNAPSHOT_DIR)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
