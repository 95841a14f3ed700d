import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPANY_SIZES, SIGNUP_COUNTRIES } from '../constants/enums';
import {
  REGISTRATION_MESSAGES,
  bankPartnerRegistrationInput,
  isPublicEmailDomain,
  registrationForm,
  registrationInput,
  resetPasswordForm,
  reviewRegistrationInput,
} from './registration';

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
const companyDomain = fc.stringMatching(/^[a-z]{3,12}$/).map((s) => `${s}-industries.example`);

/** Any body SPEC §5 accepts. */
const validBody = fc.record({
  first_name: word,
  email: fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}(\.[a-z0-9]{1,5})?$/), companyDomain).map(([u, d]) => `${u}@${d}`),
  password: fc.string({ minLength: 8, maxLength: 40 }),
  company_name: word,
  company_size: fc.constantFrom(...COMPANY_SIZES),
  industry: fc.constantFrom('Manufacturing', 'Food and beverage', 'Construction'),
  country: fc.constantFrom(...SIGNUP_COUNTRIES),
  state: word,
  city: word,
  address: word,
  zip_code: fc.constantFrom('00000', '1620', 'EC1A 1BB', '50000'),
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  contact_phone: fc.stringMatching(/^\d{8,12}$/),
  preferred_currency: fc.constantFrom('EUR', 'DKK', 'GBP', 'MYR', 'AED', 'RON'),
  materials_interested: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 5 }),
  materials_providing: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 5 }),
  expectations: word,
  fee_consent: fc.constant(true as const),
});

const REQUIRED_FIELDS = [
  'first_name',
  'email',
  'password',
  'company_name',
  'country',
  'city',
  'address',
  'zip_code',
  'state',
  'contact_phone',
  'company_size',
  'industry',
  'preferred_currency',
  'materials_interested',
  'materials_providing',
  'expectations',
  'fee_consent',
] as const;

const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('registration rules (SPEC §5), property-based', () => {
  it('accepts any valid generated body, in both variants', () => {
    fc.assert(
      fc.property(validBody, (body) => {
        expect(registrationInput.safeParse(body).success).toBe(true);
        expect(bankPartnerRegistrationInput.safeParse({ ...body, website_url: 'https://acme.example' }).success).toBe(true);
      }),
    );
  });

  it('refuses a body missing any required field, naming that field', () => {
    fc.assert(
      fc.property(validBody, fc.constantFrom(...REQUIRED_FIELDS), (body, field) => {
        const copy: Record<string, unknown> = { ...body };
        delete copy[field];
        const r = registrationInput.safeParse(copy);
        expect(r.success).toBe(false);
        expect(fieldsOf(r)).toContain(field);
      }),
    );
  });

  it('refuses blank required text the same way', () => {
    fc.assert(
      fc.property(
        validBody,
        fc.constantFrom('first_name', 'company_name', 'city', 'state', 'address', 'zip_code', 'expectations'),
        fc.constantFrom('', '   '),
        (body, field, blank) => {
          const r = registrationInput.safeParse({ ...body, [field]: blank });
          expect(r.success).toBe(false);
          expect(r.error!.issues.find((i) => i.path[0] === field)?.message).toBe(REGISTRATION_MESSAGES.required);
        },
      ),
    );
  });

  it('always refuses a public email domain without the acknowledgement, and accepts it with', () => {
    fc.assert(
      fc.property(
        validBody,
        fc.constantFrom('gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'GMAIL.com', 'yahoo.co.uk', 'gmx.de', 'hotmail.dk'),
        (body, domain) => {
          const email = `${body.email.split('@')[0]}@${domain}`;
          const refused = registrationInput.safeParse({ ...body, email });
          expect(refused.success).toBe(false);
          expect(refused.error!.issues).toContainEqual(expect.objectContaining({ path: ['email'], message: REGISTRATION_MESSAGES.publicEmail }));
          expect(registrationInput.safeParse({ ...body, email, public_email_acknowledged: true }).success).toBe(true);
        },
      ),
    );
  });

  it('refuses an address without coordinates with the SPEC message', () => {
    fc.assert(
      fc.property(validBody, fc.constantFrom('latitude', 'longitude'), (body, missing) => {
        const copy: Record<string, unknown> = { ...body };
        delete copy[missing];
        const r = registrationInput.safeParse(copy);
        expect(r.error!.issues).toContainEqual(expect.objectContaining({ path: ['address'], message: REGISTRATION_MESSAGES.invalidLocation }));
      }),
    );
  });

  it('takes coordinates as numbers or numeric strings, never booleans or arrays', () => {
    fc.assert(
      fc.property(validBody, (body) => {
        expect(registrationInput.safeParse({ ...body, latitude: String(body.latitude) }).success).toBe(true);
        expect(registrationInput.safeParse({ ...body, latitude: true }).success).toBe(false);
        expect(registrationInput.safeParse({ ...body, longitude: [body.longitude] }).success).toBe(false);
      }),
    );
  });

  it('refuses every country outside the eight signup countries', () => {
    fc.assert(
      fc.property(
        validBody,
        fc.stringMatching(/^[A-Z]{2}$/).filter((c) => !(SIGNUP_COUNTRIES as readonly string[]).includes(c)),
        (body, country) => {
          const r = registrationInput.safeParse({ ...body, country });
          expect(r.error!.issues.find((i) => i.path[0] === 'country')?.message).toBe(REGISTRATION_MESSAGES.unsupportedCountry);
        },
      ),
    );
  });

  it('refuses a password under 8 characters', () => {
    fc.assert(
      fc.property(validBody, fc.string({ minLength: 1, maxLength: 7 }), (body, password) => {
        expect(fieldsOf(registrationInput.safeParse({ ...body, password }))).toEqual(['password']);
      }),
    );
  });
});

describe('registration rules, examples', () => {
  const body = fc.sample(validBody, { numRuns: 1, seed: 7 })[0]!;

  it('needs a custom industry of 2+ characters when the industry is "other", and only then', () => {
    expect(fieldsOf(registrationInput.safeParse({ ...body, industry: 'other' }))).toEqual(['custom_industry']);
    expect(fieldsOf(registrationInput.safeParse({ ...body, industry: 'Other', custom_industry: 'x' }))).toEqual(['custom_industry']);
    expect(registrationInput.safeParse({ ...body, industry: 'other', custom_industry: 'Aquaculture' }).success).toBe(true);
    expect(registrationInput.safeParse({ ...body, custom_industry: 'x' }).success).toBe(true);
  });

  it('needs the fee consent to be true', () => {
    expect(registrationInput.safeParse({ ...body, fee_consent: false }).error!.issues[0]!.message).toBe(REGISTRATION_MESSAGES.feeConsent);
  });

  it('treats empty optional fields as absent and normalises case', () => {
    const r = registrationInput.parse({
      ...body,
      last_name: '',
      designation: null,
      country: body.country.toLowerCase(),
      email: body.email.toUpperCase(),
    });
    expect(r.last_name).toBeUndefined();
    expect(r.designation).toBeUndefined();
    expect(r.country).toBe(body.country);
    expect(r.email).toBe(body.email.toLowerCase());
  });

  it('shows every rule at once, even when other fields are missing', () => {
    const r = registrationInput.safeParse({ email: 'someone@gmail.com' });
    expect(r.error!.issues).toContainEqual(expect.objectContaining({ path: ['email'], message: REGISTRATION_MESSAGES.publicEmail }));
  });

  it('the client form adds a matching password confirmation', () => {
    expect(registrationForm.safeParse({ ...body, confirm_password: body.password }).success).toBe(true);
    expect(fieldsOf(registrationForm.safeParse({ ...body, confirm_password: `${body.password}x` }))).toEqual(['confirm_password']);
    expect(fieldsOf(resetPasswordForm.safeParse({ token: 't', username: 'u', password: '12345678', confirm_password: '1234567' }))).toEqual([
      'confirm_password',
    ]);
  });

  it('checks the bank-partner website', () => {
    expect(fieldsOf(bankPartnerRegistrationInput.safeParse({ ...body, website_url: 'not a url' }))).toEqual(['website_url']);
  });

  it('uses the maintained free-mail list, subdomains included, and leaves company domains alone', () => {
    expect(isPublicEmailDomain('a@gmail.com')).toBe(true);
    expect(isPublicEmailDomain('a@mail.yahoo.com')).toBe(true);
    expect(isPublicEmailDomain('a@web.de')).toBe(true);
    expect(isPublicEmailDomain('a@maersk.com')).toBe(false);
    expect(isPublicEmailDomain('a@carlsberg.dk')).toBe(false);
  });

  it('a rejection needs a reason; an approval does not', () => {
    expect(fieldsOf(reviewRegistrationInput.safeParse({ id: 1, decision: 'reject', reason: '  ' }))).toEqual(['reason']);
    expect(reviewRegistrationInput.safeParse({ id: '1', decision: 'approve' }).success).toBe(true);
  });
});
