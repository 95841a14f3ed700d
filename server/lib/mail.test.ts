import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/constants/enums';
import { withoutGreeting } from '../modules/queries/service';
import { mailFormat, referenceText } from './i18n';
import { MAIL_TEMPLATES, publicUrl, renderMail, type MailTemplate, type MailTemplates } from './mail';

describe('mail templates', () => {
  it('exist in en, dk and my for every template, each with its own text', () => {
    // The activity and listing-digest mails' subject is their (already translated) summary: checked below instead.
    const summarised: MailTemplate[] = ['activity', 'listing_digest'];
    for (const template of (Object.keys(MAIL_TEMPLATES) as MailTemplate[]).filter((t) => !summarised.includes(t))) {
      const data = {
        first_name: 'Ana',
        company_name: 'Acme',
        login_url: 'https://x/login',
        reason: 'R',
        url: 'https://x/r',
        expires_at: '2026-01-01 10:00',
        // query_answer and newsletter_digest: the reader's name, and a digest line naming Ana's listing.
        name: 'Ana',
        subject: 'Pallets',
        answer: 'Yes.',
        question: 'Can we?',
        sent_at: '2026-01-01 09:00',
        week: '2026-01-05',
        count: 3,
        listings: '• Ana’s pallets',
        unsubscribe_url: 'https://x/u',
        // invitation: Ana is the manager who invites.
        inviter_name: 'Ana',
      };
      const texts = LANGUAGES.map((l) => renderMail(template, l, data as never));
      expect(new Set(texts.map((t) => t.subject)).size).toBe(3);
      for (const t of texts) expect(t.text).toContain('Ana');
    }
  });

  it('renders each language from the catalogs, with its own signature', () => {
    const data = { first_name: 'Ana', company_name: 'Acme' };
    expect(renderMail('registration_received', 'en', data)).toEqual({
      subject: 'We have received your registration',
      text: 'Hello Ana,\n\nThank you for registering Acme. An administrator will review your registration, and we will write to you as soon as it has been approved.\n\nThe Synergy Marketplace team',
    });
    expect(renderMail('registration_received', 'dk', data).subject).toBe('Vi har modtaget din registrering');
    expect(renderMail('registration_received', 'dk', data).text).toMatch(
      /^Hej Ana\n\nTak fordi du har registreret Acme\..*\n\nHilsen\nSynergy Marketplace$/s,
    );
    expect(renderMail('registration_received', 'my', data).text).toContain('Pasukan Synergy Marketplace');
  });

  it('sends activity mail with the translated summary, the link and the language own body', () => {
    const mail = renderMail('activity', 'dk', { first_name: 'Ana', summary: 'Acme har givet et tilbud på “Træ”.', url: 'https://m/pending-offers' });
    expect(mail.subject).toBe('Synergy Marketplace: Acme har givet et tilbud på “Træ”.');
    expect(mail.text).toContain('Åbn det her: https://m/pending-offers');
  });

  it('sends a bulk upload digest with the summary, the link and why, in each language', () => {
    const data = { first_name: 'Ana', summary: 'S', url: 'https://m/database?company=4' };
    const texts = LANGUAGES.map((l) => renderMail('listing_digest', l, data));
    expect(new Set(texts.map((t) => t.text)).size).toBe(3);
    for (const t of texts) {
      expect(t.subject).toBe('Synergy Marketplace: S');
      expect(t.text).toContain('https://m/database?company=4');
      expect(t.text).toContain('Ana');
    }
    expect(texts[0]!.text).toContain('new-listing mails are on');
  });

  it('puts the rejection reason and the reset link into the mail', () => {
    expect(renderMail('registration_rejected', 'dk', { first_name: 'A', company_name: 'B', reason: 'Ingen CVR' }).text).toContain('Ingen CVR');
    expect(renderMail('password_reset_link', 'my', { first_name: 'A', url: 'https://m/r/t', expires_at: 'x' }).text).toContain('https://m/r/t');
  });

  it('builds links from PUBLIC_URL, else localhost', () => {
    expect(publicUrl({ PUBLIC_URL: 'https://m.example/', PORT: 1 }, '/login')).toBe('https://m.example/login');
    expect(publicUrl({ PORT: 3000 }, 'login')).toBe('http://localhost:3000/login');
  });
});

describe('mail in the reader’s language and formats', () => {
  // One sample per template: every one is rendered in every language.
  const samples: { [K in MailTemplate]: MailTemplates[K] } = {
    registration_received: { first_name: 'Ana', company_name: 'Acme' },
    registration_approved: { first_name: 'Ana', company_name: 'Acme', login_url: 'https://x/login' },
    registration_rejected: { first_name: 'Ana', company_name: 'Acme', reason: 'R' },
    password_reset_link: { first_name: 'Ana', url: 'https://x/r', expires_at: mailFormat('en').dateTime(new Date('2026-01-05T10:30:00Z')) },
    activity: { first_name: 'Ana', summary: 'S', url: 'https://x/a' },
    listing_digest: { first_name: 'Ana', summary: 'S', url: 'https://x/d' },
    donation_approved: { first_name: 'Ana', company_name: 'Acme', title: 'Pallets', approver_name: 'Bo', url: 'https://x/d' },
    donation_denied: { first_name: 'Ana', company_name: 'Acme', title: 'Pallets', reason: 'R', url: 'https://x/d' },
    query_answer: { name: 'Ana', subject: 'Pallets', answer: 'Yes.', question: 'Can we?', sent_at: 'x' },
    newsletter_digest: { week: '2026-01-05', count: 1234, listings: '• Pallets', url: 'https://x/db', unsubscribe_url: 'https://x/u' },
    invitation: { company_name: 'Acme', inviter_name: 'Bo', url: 'https://x/invitation/t', expires_at: 'x' },
    saved_search: { first_name: 'Ana', name: 'Pallets nearby', count: 3, listings: '• Pallets', url: 'https://x/database' },
  };

  for (const template of Object.keys(MAIL_TEMPLATES) as MailTemplate[]) {
    it(`renders ${template} in en, dk and my, each in its own words, never a bare message code`, () => {
      const texts = LANGUAGES.map((l) => renderMail(template, l, samples[template] as never));
      expect(new Set(texts.map((t) => t.text)).size).toBe(3);
      for (const t of texts) {
        expect(t.text).not.toMatch(/mail\.\w+\.(body|subject)|mail\.signature/);
        expect(t.subject).not.toMatch(/^mail\./);
      }
    });
  }

  it('writes numbers and days the reader’s way', () => {
    const f = { en: mailFormat('en'), dk: mailFormat('dk'), my: mailFormat('my') };
    expect(f.en.number(1234)).toBe('1,234');
    expect(f.dk.number(1234)).toBe('1.234');
    expect(f.my.number(1234)).toBe('1,234');
    expect(f.en.day('2026-01-05')).toBe('5 January 2026');
    expect(f.dk.day('2026-01-05')).toBe('5. januar 2026');
    expect(f.my.day('2026-01-05')).toBe('5 Januari 2026');
    const data = { ...samples.newsletter_digest, week: f.dk.day('2026-01-05') };
    expect(renderMail('newsletter_digest', 'dk', data).text).toContain('1.234');
    expect(renderMail('newsletter_digest', 'dk', data).subject).toContain('5. januar 2026');
  });

  it('names a material group in the reader’s language and leaves other text as it is', () => {
    expect(referenceText('dk', 'Wood')).not.toBe('Wood');
    expect(referenceText('en', 'Wood')).toBe('Wood');
    expect(referenceText('dk', 'Oak pallets from Aarhus')).toBe('Oak pallets from Aarhus');
  });

  it('greets once when the administrator’s answer begins with its own greeting', () => {
    const answer = withoutGreeting('Hello Ida,\n\nYes: list the pallets as surplus.');
    expect(answer).toBe('Yes: list the pallets as surplus.');
    const text = renderMail('query_answer', 'en', { ...samples.query_answer, name: 'Ida', answer }).text;
    expect(text.match(/Hello/g)).toHaveLength(1);
    expect(withoutGreeting('Kære Ida\nJa, det kan I.')).toBe('Ja, det kan I.');
    expect(withoutGreeting('Yes, you can.')).toBe('Yes, you can.');
    // An answer that is only a greeting is sent as written.
    expect(withoutGreeting('Hello Ida,\n')).toBe('Hello Ida,\n');
  });
});
