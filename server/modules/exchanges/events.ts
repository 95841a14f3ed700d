// A synergy's end and ratings notify the other company (with activity mail for the end); the link opens the
// synergies tab on that synergy (`?exchange={id}` highlights it).
import type { Deps } from '../../deps';
import { publicUrl } from '../../lib/mail';
import * as notifications from '../notifications/service';
import * as users from '../users/service';

export function registerExchangeListeners(deps: Deps): () => void {
  const offs = [
    deps.events.on('exchange.completed', async (tx, e) => {
      const others = await users.companyUserIds(tx, [e.other_company_id]);
      await notifications.notify(tx, {
        user_ids: others,
        type: 'synergies',
        code: e.successful ? 'notification.synergySucceeded' : 'notification.synergyFailed',
        params: { company: e.by_company_name, title: e.title },
        link: `/synergies?exchange=${e.exchange_id}`,
        mail: { url: publicUrl(deps.env, `/synergies?exchange=${e.exchange_id}`) },
      });
    }),
    deps.events.on('exchange.rated', async (tx, e) => {
      const others = await users.companyUserIds(tx, [e.other_company_id]);
      await notifications.notify(tx, {
        user_ids: others,
        type: 'synergies',
        code: 'notification.synergyRated',
        params: { company: e.by_company_name, title: e.title, rating: e.rating },
        link: `/synergies?exchange=${e.exchange_id}`,
      });
    }),
  ];
  return () => offs.forEach((off) => off());
}
