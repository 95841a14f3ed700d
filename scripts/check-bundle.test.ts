import { describe, expect, it } from 'vitest';
import { initialFiles, type Manifest } from './check-bundle';

describe('the first-load budget check', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js', '_react.js'], dynamicImports: ['src/Admin.tsx'] },
    '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    'src/Admin.tsx': { file: 'assets/Admin.js', imports: ['_shared.js', '_admin-only.js'] },
    '_admin-only.js': { file: 'assets/admin-only.js' },
    '_style.css': { file: 'assets/style.css' },
  };

  it('counts the entry and its static imports, each once, and no lazy chunk', () => {
    expect(initialFiles(manifest)).toEqual(['assets/index.js', 'assets/shared.js', 'assets/react.js']);
  });

  it('refuses a manifest without the entry', () => {
    expect(() => initialFiles({ '_react.js': { file: 'assets/react.js' } })).toThrow(/no entry/);
  });
});
