// Chat data access: `fn(db | tx, params)`, explicit columns, no authorization (the caller decides).
import { eq } from 'drizzle-orm';
import { chat_attachments, chats } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';

/** An attachment by its storage key, with the chat's two companies. */
export async function findAttachmentByKey(db: DbOrTx, storageKey: string) {
  const [row] = await db
    .select({ name: chat_attachments.name, company_a_id: chats.company_a_id, company_b_id: chats.company_b_id })
    .from(chat_attachments)
    .innerJoin(chats, eq(chats.id, chat_attachments.chat_id))
    .where(eq(chat_attachments.storage_key, storageKey))
    .limit(1);
  return row ?? null;
}
