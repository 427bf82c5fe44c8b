import type { Culture } from '../config';
import type { Db } from '../db';

/** Subscribes an address once; subscribing again is not an error (and tells nobody whether it existed). */
export async function subscribe(db: Db, { email, culture }: { email: string; culture: Culture }): Promise<void> {
  await db
    .insertInto('newsletter_subscriptions')
    .values({ email, culture, created_at: Date.now() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}
