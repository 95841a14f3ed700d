import { describe, expect, it } from 'vitest';
import { customIndustryIssue, updateCompanyInput } from '../schemas/companies';
import { emptyToNull, normalizeCompanySave, phoneWithCallingCode, withOnePrimary } from './company';

describe('SPEC §5 company save', () => {
  it('keeps exactly one primary address: the first flagged one', () => {
    const saved = withOnePrimary([
      { id: 1, is_primary: false },
      { id: 2, is_primary: true },
      { id: 3, is_primary: true },
    ]);
    expect(saved.map((a) => a.is_primary)).toEqual([false, true, false]);
  });

  it('makes the first address primary when none is flagged, and keeps a single one as it is', () => {
    expect(withOnePrimary([{ id: 1 }, { id: 2, is_primary: false }]).map((a) => a.is_primary)).toEqual([true, false]);
    expect(withOnePrimary([{ is_primary: true }]).map((a) => a.is_primary)).toEqual([true]);
    expect(withOnePrimary([])).toEqual([]);
  });

  it('drops the phone when no calling code is set, and keeps it with one', () => {
    expect(phoneWithCallingCode('33 12 45 67', null)).toEqual({ contact_phone: null, country_calling_code: null });
    expect(phoneWithCallingCode('33 12 45 67', '  ')).toEqual({ contact_phone: null, country_calling_code: null });
    expect(phoneWithCallingCode(' 33 12 45 67 ', '+45')).toEqual({ contact_phone: '33 12 45 67', country_calling_code: '+45' });
    expect(phoneWithCallingCode('', '+45')).toEqual({ contact_phone: null, country_calling_code: '+45' });
  });

  it('turns empty optional text into null and trims the rest', () => {
    expect(emptyToNull('')).toBeNull();
    expect(emptyToNull('   ')).toBeNull();
    expect(emptyToNull(undefined)).toBeNull();
    expect(emptyToNull(' About us ')).toBe('About us');
    const saved = normalizeCompanySave({
      name: 'Acme',
      industry: 'Food and beverage',
      about_info: '',
      website_url: '  ',
      tax_certificate_number: ' TX-1 ',
      custom_industry: 'Brewing',
      contact_phone: '12 34 56 78',
      country_calling_code: '',
    });
    expect(saved).toMatchObject({
      name: 'Acme',
      about_info: null,
      website_url: null,
      tax_certificate_number: 'TX-1',
      expectations: null,
      contact_phone: null,
      country_calling_code: null,
      // A custom industry counts only for the industry "other".
      custom_industry: null,
    });
    expect(normalizeCompanySave({ industry: 'Other', custom_industry: ' Brewing ' }).custom_industry).toBe('Brewing');
  });

  it('asks for a custom industry of at least 2 characters only when the industry is "other"', () => {
    expect(customIndustryIssue({ industry: 'other', custom_industry: 'x' })).toBe(true);
    expect(customIndustryIssue({ industry: 'Other', custom_industry: null })).toBe(true);
    expect(customIndustryIssue({ industry: 'other', custom_industry: 'Brewing' })).toBe(false);
    expect(customIndustryIssue({ industry: 'Food and beverage', custom_industry: '' })).toBe(false);
  });

  it('reads empty optional fields as a request to clear them and an address without coordinates as invalid', () => {
    const parsed = updateCompanyInput.safeParse({
      id: 1,
      about_info: '',
      contact_phone: '',
      addresses: [{ address: 'Main Street 1', city: 'Aarhus', zip_code: '8000', country: 'dk', is_primary: true }],
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    expect(issues).toEqual([{ path: 'addresses.0.address', message: 'registration.invalidLocation' }]);

    const ok = updateCompanyInput.parse({
      id: 1,
      about_info: '',
      contact_phone: '',
      addresses: [{ address: 'Main Street 1', city: 'Aarhus', zip_code: '8000', country: 'dk', latitude: '56.15', longitude: 10.2 }],
    });
    expect(ok).toMatchObject({ about_info: null, contact_phone: null, addresses: [{ country: 'DK', latitude: 56.15, is_primary: false }] });
    expect(ok.name).toBeUndefined();
    expect(updateCompanyInput.safeParse({ id: 1, about_info: 'x'.repeat(251) }).success).toBe(false);
    expect(updateCompanyInput.safeParse({ id: 1, addresses: [] }).error?.issues[0]?.message).toBe('company.atLeastOneAddress');
  });
});
