import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/constants/enums';
import { MAIL_TEMPLATES, publicUrl, renderMail, type MailTemplate } from './mail';

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
        // query_answer and newsletter_digest (issue 14): the reader's name, and a digest line naming Ana's listing.
        name: 'Ana',
        subject: 'Pallets',
        answer: 'Yes.',
        question: 'Can we?',
        sent_at: '2026-01-01 09:00',
        week: '2026-01-05',
        count: 3,
        listings: '• Ana’s pallets',
        unsubscribe_url: 'https://x/u',
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
