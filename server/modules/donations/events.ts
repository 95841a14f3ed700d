// What a donation's changes cause, in the transaction that made them (docs/decisions/0010, 0094): the live
// `donationChanged` event for the dashboards and the administrators' list; for a decision, a notification and a mail
// to each manager of the donor company; for a hand-over, a notification to them.
import type { MessageParams } from '../../../shared/messages';
import type { Deps } from '../../deps';
import { enqueueMail, publicUrl } from '../../lib/mail';
import { publishInTx } from '../../ws/realtime';
import * as notifications from '../notifications/service';
import * as users from '../users/service';

const TAB = '/account/manager-panel/donations';

export function registerDonationListeners(deps: Deps): () => void {
  const off = deps.events.on('donation.changed', async (tx, e) => {
    const watchers = [...(await users.donationsDashboardUserIds(tx)), ...(await users.adminUserIds(tx))];
    await publishInTx(tx, { users: watchers }, 'donationChanged', { donation_id: e.donation_id, status: e.status });

    if (e.action !== 'approve' && e.action !== 'deny' && e.action !== 'hand_over') return;
    const managers = await users.companyManagers(tx, e.company_id);
    if (!managers.length) return;
    const link = `${TAB}?donation=${e.donation_id}`;
    const params: MessageParams =
      e.action === 'approve'
        ? { title: e.title, approver: e.approver_name ?? '' }
        : e.action === 'deny'
          ? { title: e.title, reason: e.deny_reason ?? '' }
          : { title: e.title };
    await notifications.notify(tx, {
      user_ids: managers.map((m) => m.id),
      type: 'dashboard',
      code:
        e.action === 'approve'
          ? 'notification.donationApproved'
          : e.action === 'deny'
            ? 'notification.donationDenied'
            : 'notification.donationHandedOver',
      params,
      link,
    });
    // A decision on a donation is mailed to every manager whatever their activity-mail choice: like a registration
    // decision, it asks them to act (print the QR code, or edit and send again).
    if (e.action === 'hand_over') return;
    const url = publicUrl(deps.env, link);
    for (const m of managers) {
      if (e.action === 'approve') {
        await enqueueMail(tx, {
          to: m.email,
          template: 'donation_approved',
          language: m.language,
          data: { first_name: m.first_name, company_name: e.company_name, title: e.title, approver_name: e.approver_name ?? '', url },
        });
      } else {
        await enqueueMail(tx, {
          to: m.email,
          template: 'donation_denied',
          language: m.language,
          data: { first_name: m.first_name, company_name: e.company_name, title: e.title, reason: e.deny_reason ?? '', url },
        });
      }
    }
  });
  return off;
}
