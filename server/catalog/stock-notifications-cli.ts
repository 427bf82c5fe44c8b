// Records a delivery and mails the variant's back-in-stock subscribers:
//   npx tsx server/catalog/stock-notifications-cli.ts --variant 12 --warehouse 1 --quantity 5
// Uses the configured database, mailer (DATABASE_URL, SMTP_URL or DATA_DIR/outbox) and PUBLIC_URL for links, like the server.
import { parseArgs } from 'node:util';
import { siteUrl as publicSiteUrl } from '../http/site-url';
import { loadConfig } from '../config';
import { createDb } from '../db';
import { createLocalization } from '../localization/i18n';
import { createMailer } from '../mail/mailer';
import { restock } from './stock-notifications';
import { stockNotifier } from './stock-notifications-mail';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { variant: { type: 'string' }, warehouse: { type: 'string' }, quantity: { type: 'string' } },
  });
  const config = loadConfig();
  const siteUrl = publicSiteUrl(config, '');
  const { db, destroy } = createDb(config);
  try {
    const notifier = stockNotifier({ db, mailer: createMailer(config), localization: createLocalization(config.DEFAULT_CULTURE), siteUrl });
    const result = await restock(
      db,
      { variantId: Number(values.variant), warehouseId: Number(values.warehouse), quantity: Number(values.quantity) },
      notifier,
    );
    console.log(`Stock now ${result.stockQuantity}; ${result.notified} subscriber(s) notified.`);
  } finally {
    await destroy();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
