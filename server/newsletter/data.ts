import { normaliseEmail } from '../accounts/data';
import type { Culture } from '../config';
import type { Db } from '../db';

/**
 * Subscribes an address once, whatever its spelling (kept as accounts keep it: trimmed, lowercased);
 * subscribing again is not an error (and tells nobody whether it existed).
 */
export async function subscribe(db: Db, { email, culture }: { email: string; culture: Culture }): Promise<void> {
  await db
    .insertInto('newsletter_subscriptions')
    .values({ email: normaliseEmail(email), culture, created_at: Date.now() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}
