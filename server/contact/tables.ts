import type { Generated } from 'kysely';

/** Contact form messages (migration 005_contact). created_at is epoch ms. */
export interface ContactTables {
  contact_messages: {
    id: Generated<number>;
    name: string;
    email: string;
    phone: string;
    /** One of contactSubjects (server/contact/form.ts). */
    subject: string;
    order_number: string;
    /** yyyy-mm-dd, or null without an order number. */
    order_date: string | null;
    message: string;
    culture: string;
    user_id: number | null;
    created_at: number | string;
  };
}
