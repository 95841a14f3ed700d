import { describe, expect, it } from 'vitest';
import { usesDriverToken } from './audience';

describe('usesDriverToken', () => {
  it('sends the driver token to the driver router only', () => {
    expect(usesDriverToken('driver.me')).toBe(true);
    expect(usesDriverToken('drivers.admin.list')).toBe(false);
    expect(usesDriverToken('auth.me')).toBe(false);
    expect(usesDriverToken('auth.driverLogin')).toBe(false);
  });
});
