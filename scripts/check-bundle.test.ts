import { describe, expect, it } from 'vitest';
import { initialFiles, partKey, routeKeys, type Manifest } from './check-bundle';

describe('the first-load budget check', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js', '_react.js', partKey('en', 'common')],
      dynamicImports: ['src/Admin.tsx', partKey('dk', 'common'), partKey('dk', 'admin')],
      css: ['assets/index.css'],
    },
    '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    'src/Admin.tsx': { file: 'assets/Admin.js', imports: ['_shared.js', '_admin-only.js'], css: ['assets/admin.css'] },
    '_admin-only.js': { file: 'assets/admin-only.js' },
    [partKey('en', 'common')]: { file: 'assets/common-en.js' },
    [partKey('dk', 'common')]: { file: 'assets/common-dk.js' },
    [partKey('dk', 'admin')]: { file: 'assets/admin-dk.js' },
  };

  it('counts the entry and its static imports, each once, and no lazy chunk', () => {
    expect(initialFiles(manifest)).toEqual({
      js: ['assets/index.js', 'assets/shared.js', 'assets/react.js', 'assets/common-en.js'],
      css: ['assets/index.css'],
    });
  });

  it("counts a route's page chunk and the catalog parts it waits for in that language", () => {
    const route = { route: '/admin', page: 'src/Admin.tsx', part: 'admin', js: 1, css: 1 };
    expect(initialFiles(manifest, routeKeys(manifest, route, 'dk'))).toEqual({
      js: [
        'assets/index.js',
        'assets/shared.js',
        'assets/react.js',
        'assets/common-en.js',
        'assets/Admin.js',
        'assets/admin-only.js',
        'assets/common-dk.js',
        'assets/admin-dk.js',
      ],
      css: ['assets/index.css', 'assets/admin.css'],
    });
  });

  it('refuses a manifest without the entry', () => {
    expect(() => initialFiles({ '_react.js': { file: 'assets/react.js' } })).toThrow(/no entry/);
  });
});
