import { access, constants } from 'node:fs/promises';
import type { TFunction } from 'i18next';
import { type Config, cultures } from '../config';
import type { Db } from '../db';
import { readResources } from '../localization/i18n';
import { readSiteState } from './system-data';

/** One line of the first-run check: what was checked (a locale key), how it went, and what was seen. */
export interface SystemCheck {
  key: string;
  state: 'ok' | 'warning' | 'failed';
  detail: string;
}

interface CheckInput {
  db: Db;
  config: Pick<Config, 'DATA_DIR' | 'SMTP_URL' | 'REDIS_URL' | 'NODE_ENV'>;
  dialect: string;
  /** The build's manifest (server/http/assets.ts): the shell's script and the site stylesheet. */
  assets: { entry(name: string): { script: string | null; style: string | null } };
  t: TFunction;
  now: number;
}

const countKeys = (tree: object): number => Object.values(tree).reduce<number>((sum, value) => sum + (typeof value === 'string' ? 1 : countKeys(value)), 0);

async function writable(directory: string): Promise<boolean> {
  return access(directory, constants.W_OK).then(() => true, () => false);
}

function localeCheck(t: TFunction): SystemCheck {
  const counts = cultures.map((culture) => countKeys(readResources(culture)));
  const same = counts.every((count) => count === counts[0]);
  return { key: 'Pages.System.Locales', state: same ? 'ok' : 'failed', detail: t('Pages.System.LocalesDetail', { cultures: cultures.join(', '), keys: counts[0] }) };
}

/**
 * The first-run check of an installation ({app}/{culture}/system/init, staff only): the database and
 * its migrations, the demo or real content, the built scripts and styles, the six locale files, the
 * data folder (uploads, renditions, outbox), mail and the shared store for several app instances.
 */
export async function runSystemChecks({ db, config, dialect, assets, t, now }: CheckInput): Promise<SystemCheck[]> {
  const state = await readSiteState(db, { now });
  const shell = assets.entry('shell');
  const dataWritable = await writable(config.DATA_DIR);
  return [
    { key: 'Pages.System.Database', state: 'ok', detail: t('Pages.System.DatabaseDetail', { dialect, count: state.migrations.length, latest: state.migrations.at(-1) ?? '-' }) },
    { key: 'Pages.System.Content', state: state.visiblePages > 0 ? 'ok' : 'failed', detail: t('Pages.System.ContentDetail', { pages: state.pages, visible: state.visiblePages, blocks: state.blocks }) },
    { key: 'Pages.System.Build', state: shell.script ? 'ok' : 'failed', detail: shell.script ?? t('Pages.System.Missing') },
    localeCheck(t),
    { key: 'Pages.System.DataFolder', state: dataWritable ? 'ok' : 'failed', detail: config.DATA_DIR },
    { key: 'Pages.System.Mail', state: config.SMTP_URL ? 'ok' : 'warning', detail: config.SMTP_URL ? t('Pages.System.MailSmtp') : t('Pages.System.MailOutbox') },
    { key: 'Pages.System.SharedStore', state: config.REDIS_URL ? 'ok' : 'warning', detail: config.REDIS_URL ? t('Pages.System.RedisOn') : t('Pages.System.RedisOff') },
  ];
}
