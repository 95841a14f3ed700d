// Mail goes into the outbox table, written in the caller's transaction so a mail exists exactly when the
// change that caused it does. With SMTP_URL, mail-sender.ts delivers the rows every minute; without it
// rows stay 'queued' and administrators read them at GET admin/mail-outbox.
import { mail_outbox } from '../../drizzle/schema';
import type { Language } from '../../shared/constants/enums';
import type { DbOrTx } from '../db/client';

export interface MailTemplates {
  registration_received: { first_name: string; company_name: string };
  registration_approved: { first_name: string; company_name: string; login_url: string };
  registration_rejected: { first_name: string; company_name: string; reason: string };
  password_reset_link: { first_name: string; url: string; expires_at: string };
}
export type MailTemplate = keyof MailTemplates;

type Render<T> = (d: T) => { subject: string; text: string };
type Catalog = { [K in MailTemplate]: Record<Language, Render<MailTemplates[K]>> };

const SIGN_EN = '\n\nThe Synergy Marketplace team';
const SIGN_DK = '\n\nHilsen\nSynergy Marketplace';
const SIGN_MY = '\n\nSekian, terima kasih.\nPasukan Synergy Marketplace';

export const MAIL_TEMPLATES: Catalog = {
  registration_received: {
    en: (d) => ({
      subject: 'We have received your registration',
      text: `Hello ${d.first_name},\n\nThank you for registering ${d.company_name}. An administrator will review your registration, and we will write to you as soon as it has been approved.${SIGN_EN}`,
    }),
    dk: (d) => ({
      subject: 'Vi har modtaget din registrering',
      text: `Hej ${d.first_name}\n\nTak fordi du har registreret ${d.company_name}. En administrator gennemgår din registrering, og vi skriver til dig, så snart den er godkendt.${SIGN_DK}`,
    }),
    my: (d) => ({
      subject: 'Kami telah menerima pendaftaran anda',
      text: `Salam ${d.first_name},\n\nTerima kasih kerana mendaftarkan ${d.company_name}. Pentadbir kami akan menyemak pendaftaran anda, dan kami akan menghubungi anda sebaik sahaja ia diluluskan.${SIGN_MY}`,
    }),
  },
  registration_approved: {
    en: (d) => ({
      subject: 'Your registration has been approved',
      text: `Hello ${d.first_name},\n\nGood news: ${d.company_name} has been approved. You can log in now at ${d.login_url}.${SIGN_EN}`,
    }),
    dk: (d) => ({
      subject: 'Din registrering er godkendt',
      text: `Hej ${d.first_name}\n\nGode nyheder: ${d.company_name} er blevet godkendt. Du kan logge ind nu på ${d.login_url}.${SIGN_DK}`,
    }),
    my: (d) => ({
      subject: 'Pendaftaran anda telah diluluskan',
      text: `Salam ${d.first_name},\n\nBerita baik: ${d.company_name} telah diluluskan. Anda boleh log masuk sekarang di ${d.login_url}.${SIGN_MY}`,
    }),
  },
  registration_rejected: {
    en: (d) => ({
      subject: 'Your registration was not approved',
      text: `Hello ${d.first_name},\n\nWe are sorry, but the registration of ${d.company_name} was not approved.\n\nReason: ${d.reason}\n\nIf you have questions, reply to this message.${SIGN_EN}`,
    }),
    dk: (d) => ({
      subject: 'Din registrering blev ikke godkendt',
      text: `Hej ${d.first_name}\n\nVi beklager, men registreringen af ${d.company_name} blev ikke godkendt.\n\nBegrundelse: ${d.reason}\n\nHar du spørgsmål, er du velkommen til at svare på denne besked.${SIGN_DK}`,
    }),
    my: (d) => ({
      subject: 'Pendaftaran anda tidak diluluskan',
      text: `Salam ${d.first_name},\n\nHarap maaf, pendaftaran ${d.company_name} tidak diluluskan.\n\nSebab: ${d.reason}\n\nJika anda mempunyai sebarang pertanyaan, sila balas mesej ini.${SIGN_MY}`,
    }),
  },
  password_reset_link: {
    en: (d) => ({
      subject: 'Reset your password',
      text: `Hello ${d.first_name},\n\nAn administrator has created a link for you to choose a new password:\n${d.url}\n\nThe link works once and expires at ${d.expires_at} (UTC).${SIGN_EN}`,
    }),
    dk: (d) => ({
      subject: 'Nulstil din adgangskode',
      text: `Hej ${d.first_name}\n\nEn administrator har oprettet et link, hvor du kan vælge en ny adgangskode:\n${d.url}\n\nLinket kan bruges én gang og udløber ${d.expires_at} (UTC).${SIGN_DK}`,
    }),
    my: (d) => ({
      subject: 'Tetapkan semula kata laluan anda',
      text: `Salam ${d.first_name},\n\nPentadbir telah menyediakan pautan untuk anda memilih kata laluan baharu:\n${d.url}\n\nPautan ini hanya boleh digunakan sekali dan tamat tempoh pada ${d.expires_at} (UTC).${SIGN_MY}`,
    }),
  },
};

export function renderMail<K extends MailTemplate>(template: K, language: Language, data: MailTemplates[K]): { subject: string; text: string } {
  const byLanguage = MAIL_TEMPLATES[template] as Record<Language, Render<MailTemplates[K]>>;
  return (byLanguage[language] ?? byLanguage.en)(data);
}

export interface MailRequest<K extends MailTemplate> {
  to: string;
  template: K;
  language: Language;
  data: MailTemplates[K];
}

/** Renders the mail and queues it; pass the transaction of the change that causes it. */
export async function enqueueMail<K extends MailTemplate>(db: DbOrTx, mail: MailRequest<K>): Promise<{ id: number }> {
  const { subject, text } = renderMail(mail.template, mail.language, mail.data);
  const [row] = await db
    .insert(mail_outbox)
    .values({ to_address: mail.to, subject, text_body: text, template: mail.template, language: mail.language, data: mail.data })
    .returning({ id: mail_outbox.id });
  return { id: row!.id };
}

/** An absolute link into the app for mails and reset links: PUBLIC_URL, else this server on localhost. */
export function publicUrl(env: { PUBLIC_URL?: string; PORT: number }, path: string): string {
  const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
