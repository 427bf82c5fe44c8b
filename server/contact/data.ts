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
