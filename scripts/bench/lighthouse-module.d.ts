// Lighthouse lives in the bench's own package (scripts/bench/package.json), which the app's typecheck may run
// without: only what scripts/bench/lighthouse.ts uses. With the bench tools installed, Lighthouse's own types apply.
declare module 'lighthouse' {
  interface Flags {
    port: number;
    output: 'json';
    logLevel: 'error';
    onlyCategories: string[];
    disableStorageReset: boolean;
  }
  interface Result {
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number } | undefined>;
    finalDisplayedUrl: string;
  }
  export default function lighthouse(url: string, flags: Flags): Promise<{ lhr: Result } | undefined>;
}
