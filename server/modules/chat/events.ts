// Chat messages and read positions go live to both companies' users after commit; the unread counters of
// whoever they change follow. Both are addressed to companies, not user ids: the hub knows which company each
// socket acts for, so sending reads no user rows (docs/decisions/0152). The other company comes first: the
// people a message is for hear it before the sender's colleagues.
import type { Deps } from '../../deps';
import { publishInTx } from '../../ws/realtime';
import * as notifications from '../notifications/service';

export function registerChatListeners(deps: Deps): () => void {
  const offs = [
    deps.events.on('chat.messageSent', async (tx, e) => {
      const sender = e.message.sender_company_id;
      const others = e.company_ids.filter((id) => id !== sender);
      await publishInTx(tx, { companies: [...others, sender] }, 'message', e.message);
      // After the message: the counters are computed once it has gone out, for the users connected to each instance.
      await notifications.publishCompanyCounters(tx, others);
    }),
    deps.events.on('chat.read', async (tx, e) => {
      await publishInTx(tx, { companies: [e.other_company_id, e.company_id] }, 'messageSeen', {
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
