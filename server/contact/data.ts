import type { Db } from '../db';

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string;
  subject: string;
  orderNumber: string;
  /** yyyy-mm-dd, or null. */
  orderDate: string | null;
  message: string;
  culture: string;
  userId: number | null;
}

export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone,
      subject: message.subject,
      order_number: message.orderNumber,
      order_date: message.orderDate,
      message: message.message,
      culture: message.culture,
      user_id: message.userId,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Takes back a message whose mail could not be sent, so that no message is kept that the shop never got. */
export async function deleteContactMessage(db: Db, { id }: { id: number }): Promise<void> {
  await db.deleteFrom('contact_messages').where('id', '=', id).execute();
}
