// Chat messages and read positions go live to both companies' users after commit; the unread counters of
// whoever they change follow.
import type { Deps } from '../../deps';
import { publishInTx } from '../../ws/realtime';
import * as notifications from '../notifications/service';
import * as users from '../users/service';

export function registerChatListeners(deps: Deps): () => void {
  const offs = [
    deps.events.on('chat.messageSent', async (tx, e) => {
      const everyone = await users.companyUserIds(tx, e.company_ids);
      await publishInTx(tx, everyone, 'message', e.message);
      const recipients = await users.companyUserIds(
        tx,
        e.company_ids.filter((id) => id !== e.message.sender_company_id),
      );
      await notifications.publishCounters(tx, recipients);
    }),
    deps.events.on('chat.read', async (tx, e) => {
      const everyone = await users.companyUserIds(tx, [e.company_id, e.other_company_id]);
      await publishInTx(tx, everyone, 'messageSeen', {
        chat_id: e.chat_id,
        user_id: e.user_id,
        company_id: e.company_id,
        last_read_message_id: e.last_read_message_id,
        seen_at: e.seen_at,
      });
      await notifications.publishCounters(tx, [e.user_id]);
    }),
  ];
  return () => offs.forEach((off) => off());
}
