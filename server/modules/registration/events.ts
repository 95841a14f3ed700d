// Registration mails: queued in the transaction of the change that causes them (server/lib/events.ts).
import type { Deps } from '../../deps';
import type { DomainEvents } from '../../lib/events';
import { enqueueMail, publicUrl } from '../../lib/mail';

type Applicant = DomainEvents['registration.submitted'];
// Every registration mail goes to the applicant, in their language, greeting them and naming their company.
const toApplicant = (e: Applicant) => ({ to: e.email, language: e.language });
const greeting = (e: Applicant) => ({ first_name: e.first_name, company_name: e.company_name });

export function registerRegistrationListeners(deps: Deps): () => void {
  const offs = [
    deps.events.on('registration.submitted', (tx, e) =>
      enqueueMail(tx, { ...toApplicant(e), template: 'registration_received', data: greeting(e) }).then(() => {}),
    ),
    deps.events.on('registration.approved', (tx, e) =>
      enqueueMail(tx, {
        ...toApplicant(e),
        template: 'registration_approved',
        data: { ...greeting(e), login_url: publicUrl(deps.env, '/login') },
      }).then(() => {}),
    ),
    deps.events.on('registration.rejected', (tx, e) =>
      enqueueMail(tx, { ...toApplicant(e), template: 'registration_rejected', data: { ...greeting(e), reason: e.reason } }).then(() => {}),
    ),
  ];
  return () => offs.forEach((off) => off());
}
