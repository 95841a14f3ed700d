// Standard Webhooks signing (https://www.standardwebhooks.com): HMAC-SHA256 over "id.timestamp.body" with the
// base64 key after `whsec_`, sent as `v1,<base64 signature>`. Written here rather than taken from a package: it is
// a few lines, and the receiver side (docs/integrations.md) verifies it with the `standardwebhooks` package.
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const API_KEY_PREFIX = 'sk_live_';

/** A new signing secret: 24 random bytes, base64, after `whsec_`. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** The `webhook-signature` header's value for one attempt. */
export function signWebhook(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** A webhook-id: unique per delivery, the same on every attempt of it. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** A new API key secret: `sk_live_` and 32 random bytes (base64url). */
export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * What is stored of an API key: its SHA-256. The secret has 256 random bits, so a fast hash is as safe as a slow
 * one here, and a lookup by hash costs one index probe per request.
 */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The part of a key shown in lists: `sk_live_` and the next 4 characters. */
export const apiKeyPrefix = (secret: string) => secret.slice(0, API_KEY_PREFIX.length + 4);
