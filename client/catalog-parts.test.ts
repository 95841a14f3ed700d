import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentHomes, partsOf } from './catalog-parts';

const homes = new Map([
  ['trip', ['admin', 'drivers']],
  ['ui', []],
]);

describe('partsOf', () => {
  it('puts a message of one feature in its part, and one of several features in common', () => {
    expect(partsOf(['src/features/admin/routes/A.tsx', 'src/features/admin/routes/B.tsx'], homes)).toEqual(['admin']);
    expect(partsOf(['src/features/admin/routes/A.tsx', 'src/features/drivers/routes/B.tsx'], homes)).toEqual(['common']);
    expect(partsOf(['src/features/common/routes/Landing.tsx'], homes)).toEqual(['common']);
  });

  it('puts a domain component’s message in the part of each feature that imports it', () => {
    expect(partsOf(['src/components/trip/TripFacts.tsx'], homes)).toEqual(['admin', 'drivers']);
    expect(partsOf(['src/components/trip/TripFacts.tsx', 'src/features/exchanges/X.tsx'], homes)).toEqual(['admin', 'drivers', 'exchanges']);
  });

  it('keeps in common what the shell uses or what no feature is known to import', () => {
    expect(partsOf(['src/components/ui/Dialog.tsx'], homes)).toEqual(['common']);
    expect(partsOf(['src/components/unknown/X.tsx'], homes)).toEqual(['common']);
    expect(partsOf(['src/components/trip/T.tsx', 'src/app/App.tsx'], homes)).toEqual(['common']);
    expect(partsOf(['src/lib/message-catalog.ts'], homes)).toEqual(['server']);
    expect(partsOf([], homes)).toEqual(['common']);
  });
});

describe('componentHomes', () => {
  const found = componentHomes(path.resolve(import.meta.dirname, 'src'));
  it('finds the features that import a domain folder, and none for the kit the shell imports', () => {
    expect(found.get('trip')).toEqual(expect.arrayContaining(['admin', 'drivers']));
    expect(found.get('donation')).toEqual(expect.arrayContaining(['admin', 'donations']));
    expect(found.get('ui')).toEqual([]);
  });
});
