// Registration mails: queued in the transaction of the change that causes them (server/lib/events.ts).
import type { Deps } from '../../deps';
import { enqueueMail, publicUrl } from '../../lib/mail';

export function registerRegistrationListeners(deps: Deps): () => void {
  const offs = [
    deps.events.on('registration.submitted', (tx, e) =>
      enqueueMail(tx, {
        to: e.email,
        template: 'registration_received',
        language: e.language,
        data: { first_name: e.first_name, company_name: e.company_name },
      }).then(() => {}),
    ),
    deps.events.on('registration.approved', (tx, e) =>
      enqueueMail(tx, {
        to: e.email,
        template: 'registration_approved',
        language: e.language,
        data: { first_name: e.first_name, company_name: e.company_name, login_url: publicUrl(deps.env, '/login') },
      }).then(() => {}),
    ),
    deps.events.on('registration.rejected', (tx, e) =>
      enqueueMail(tx, {
        to: e.email,
        template: 'registration_rejected',
        language: e.language,
        data: { first_name: e.first_name, company_name: e.company_name, reason: e.reason },
      }).then(() => {}),
    ),
  ];
  return () => offs.forEach((off) => off());
}
