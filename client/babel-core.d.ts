// @babel/core ships no types; only what client/lingui-macro.ts uses.
declare module '@babel/core' {
  interface TransformOptions {
    filename: string;
    babelrc: boolean;
    configFile: boolean;
    sourceMaps: boolean;
    parserOpts: { sourceType: 'module'; plugins: string[] };
    plugins: string[];
  }
  interface TransformResult {
    code?: string | null;
    map?: { version: number; sources: string[]; mappings: string; names: string[]; file?: string } | null;
  }
  export function transformAsync(code: string, options: TransformOptions): Promise<TransformResult | null>;
}
