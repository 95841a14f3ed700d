/// <reference types="vite/client" />

// client/catalog-parts.ts: the compiled Lingui catalogs split into parts (common + one per feature).
declare module 'virtual:catalog-parts' {
  import type { Messages } from '@lingui/core';
  export const PARTS: readonly string[];
  export const catalogParts: Record<string, Record<string, () => Promise<Messages>>>;
}
