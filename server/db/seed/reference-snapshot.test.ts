import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSharedReferenceData, SHARED_DATA_DIR, SNAPSHOT_DIR } from '../../../scripts/import-reference-data';

const available =
  existsSync(path.join(SHARED_DATA_DIR, 'ewc-list-of-waste.csv')) && existsSync(path.join(SHARED_DATA_DIR, 'defra-2023-material-waste.csv'));
const title = available ? 'reference snapshots' : `reference snapshots (skipped: ${SHARED_DATA_DIR} is missing; the checked-in JSON is used as is)`;

describe.skipIf(!available)(title, () => {
  it('equal what the CSVs in ../shared/data parse to (run scripts/import-reference-data.ts if not)', async () => {
    const fromCsv = await readSharedReferenceData();
    const ewc = JSON.parse(await readFile(path.join(SNAPSHOT_DIR, 'ewc.json'), 'utf8'));
    const defra = JSON.parse(await readFile(path.join(SNAPSHOT_DIR, 'defra.json'), 'utf8'));
    expect(ewc).toEqual(fromCsv.ewc);
    expect(defra).toEqual(fromCsv.defra);
  });

  it('hold the counts data/README.md states', async () => {
    const { ewc, defra } = await readSharedReferenceData();
    expect(ewc.filter((r) => r.level === 1)).toHaveLength(20);
    expect(ewc.filter((r) => r.level === 2)).toHaveLength(111);
    expect(ewc.filter((r) => r.level === 3)).toHaveLength(842);
    expect(ewc.filter((r) => r.level === 3 && r.hazardous)).toHaveLength(408);
    // 462 cells of which 257 are empty in the source.
    expect(defra).toHaveLength(462 - 257);
  });
});
