// What a demo synergy leaves besides its row: the chat between its two companies (and how far each of their people
// has read it) and, once it ended successfully, its impact record.
import { chat_messages, chat_reads, chats, impact_records } from '../../drizzle/schema';
import type { QuantityUnit } from '../../shared/constants/enums';
import type { Tx } from '../db/client';
import { listingImpact } from '../modules/stats/service';
import { must } from './common';

/** Computed as ending a synergy computes it: the listing's mapping and the factors in the database. */
export async function seedSynergyImpact(
  tx: Tx,
  exchange_id: number,
  moved: { material_id: number; quantity: number; quantity_unit: QuantityUnit },
  created_at: Date,
): Promise<void> {
  await tx.insert(impact_records).values({ exchange_id, ...(await listingImpact(tx, moved)), created_at });
}

export interface DemoChatMessage {
  sender_user_id: number;
  sender_company_id: number;
  body: string;
  created_at: Date;
}

export interface DemoSynergyChat {
  exchange_id: number;
  /** The providing company (company a) and the requesting one (company b). */
  provider_id: number;
  requester_id: number;
  created_at: Date;
  last_message_at: Date;
  /** In the order they were written. */
  messages: DemoChatMessage[];
  /** The people of both companies, in the order their read positions are written. */
  readers: { id: number; company_id: number | null }[];
  /** Everyone has read the whole thread (an ended synergy); otherwise each has read up to their company's last message. */
  readAll: boolean;
}

export async function seedSynergyChat(tx: Tx, c: DemoSynergyChat): Promise<void> {
  const [chat] = await tx
    .insert(chats)
    .values({
      exchange_id: c.exchange_id,
      company_a_id: c.provider_id,
      company_b_id: c.requester_id,
      last_message_at: c.last_message_at,
      created_at: c.created_at,
    })
    .returning({ id: chats.id });
  const chatId = must(chat, 'chat').id;
  const messages = (
    await tx
      .insert(chat_messages)
      .values(c.messages.map((m) => ({ chat_id: chatId, ...m })))
      .returning({ id: chat_messages.id, sender_company_id: chat_messages.sender_company_id })
  ).sort((a, b) => a.id - b.id);
  const reads = c.readers.flatMap((u) => {
    const upTo = c.readAll ? messages.at(-1) : messages.filter((m) => m.sender_company_id === u.company_id).at(-1);
    return upTo ? [{ chat_id: chatId, user_id: u.id, last_read_message_id: upTo.id }] : [];
  });
  if (reads.length) await tx.insert(chat_reads).values(reads);
}
