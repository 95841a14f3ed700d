// S3-compatible storage (AWS S3, MinIO, Ceph RGW, Cloudflare R2, ...): STORAGE_DRIVER=s3. The bucket stays
// private; every file, public or private, is streamed through the app's GET /files/<key>, which runs the
// owning module's reader check first (docs/decisions/0140-s3-files-streamed-through-the-app.md).
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createStorage, type ObjectStore, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`): MinIO and most self-hosted servers need them. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (instance or task role, web identity), see docs/deploy.md. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function createS3Storage(opts: S3StorageOptions): Storage {
  return createStorage(s3Objects(opts));
}

export function s3Objects(opts: S3StorageOptions): ObjectStore & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Checksums only where the API demands them: since 2025 the SDK adds CRC32 trailers to every upload by
    // default, which many S3-compatible servers refuse. Our objects are whole buffers sent with their length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stuck object store must not hold a request (and its database transaction) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  const Bucket = opts.bucket;

  return {
    driver: 's3',
    client,

    async write(key, body, mimeType) {
      // A PUT is atomic: readers see the old state (nothing) or the whole object.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: mimeType, ContentLength: body.length }));
    },

    async read(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return { body: res.Body as Readable, size_bytes: res.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
        const why =
          status === 404 ? 'does not exist' : status === 403 ? 'refuses these credentials' : `cannot be reached (${(err as Error).message})`;
        throw new Error(`S3 bucket "${Bucket}" at ${opts.endpoint ?? `AWS ${opts.region}`} ${why}`, { cause: err });
      }
    },
  };
}

function isNotFound(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  // A missing bucket is a misconfiguration, not a missing file.
  if (err.name === 'NoSuchBucket') return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}
