// A local S3-compatible server for tests (s3rver, files in a temp directory): no network, no Docker. s3rver is not
// part of the app's install (it brings 84 packages the app never runs): it lives in server/test/tools, installed
// by `npm ci --prefix server/test/tools` (.ci/run does). Without it the S3 tests are skipped and say why; in CI
// its absence is an error, so the S3 tests cannot quietly stop running there.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type S3rverClass from 's3rver';

const tools = createRequire(new URL('./tools/package.json', import.meta.url));

function s3rverInstalled(): boolean {
  try {
    tools.resolve('s3rver');
    return true;
  } catch {
    return false;
  }
}

/** Whether the S3 tests can run here. */
export const hasTestS3 = s3rverInstalled();
const INSTALL = 'npm ci --prefix server/test/tools';
if (!hasTestS3) {
  if (process.env.CI) throw new Error(`s3rver is not installed: run \`${INSTALL}\` before the tests`);
  console.log(`S3 tests skipped: the local S3 server is not installed (\`${INSTALL}\`)`);
}

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment an app instance needs to store its files here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'synergy-test'): Promise<TestS3> {
  const S3rver = tools('s3rver') as typeof S3rverClass;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'synergy-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
