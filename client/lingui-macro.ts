// The Lingui macros (`t`, `<Trans>`, `msg`, ...) compiled by Babel, in the client build and in vitest. Our own few
// lines rather than @rolldown/plugin-babel, whose package declares Node >= 22.12, so that `npm install` on Node
// 20 (which the project supports) warns; Babel and the macro's plugin themselves run on Node 20.
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const SCRIPT = /\.[cm]?[jt]sx?(?:$|\?)/;
const TYPESCRIPT = /\.[cm]?tsx?$/;
const JSX = /x$/;
/** `@lingui/core/macro`, `@lingui/react/macro`, `@lingui/macro`: a file that imports none is left alone. */
const MACRO_IMPORT = /@lingui\/(?:[a-z]+\/)?macro/;

export function linguiMacro(options: { include?: RegExp } = {}): Plugin {
  return {
    name: 'synergy:lingui-macro',
    // Before Vite's own TypeScript and JSX transform: the macros are read from the source as written.
    enforce: 'pre',
    transform: {
      filter: { id: { include: SCRIPT, exclude: /\/node_modules\// }, code: MACRO_IMPORT },
      async handler(code, id) {
        const file = id.split('?')[0]!;
        if (options.include && !options.include.test(file)) return;
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: {
            sourceType: 'module',
            plugins: [...(TYPESCRIPT.test(file) ? ['typescript'] : []), ...(JSX.test(file) ? ['jsx'] : [])],
          },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        return result?.code == null ? undefined : { code: result.code, map: result.map };
      },
    },
  };
}
