// The back office's shared form rules (server/content/admin-fields.ts): slugs made from titles, the
// shop's wall-clock times to epoch and back across daylight saving, the state a list shows, and the
// translations a post holds (a culture begun without its label, no culture at all).
import { epochToLocalTime, localTimeToEpoch, postedTranslations, publishingColumns, publishingState, slugify } from '../../server/content/admin-fields';
import { newsPostTables } from '../../server/news/admin-data';

test('slugify: lower-case ASCII words joined by hyphens', () => {
  expect(slugify('Ouverture à Gand : l’été !')).toBe('ouverture-a-gand-l-ete');
  expect(slugify('Größe & Œuvre 2026')).toBe('grosse-oeuvre-2026');
  expect(slugify('  --  ')).toBe('');
  expect(slugify('a'.repeat(200)).length).toBe(120);
});

test('wall-clock times in Europe/Brussels, winter and summer', () => {
  expect(localTimeToEpoch('2026-01-15T10:00')).toBe(Date.UTC(2026, 0, 15, 9, 0));
  expect(localTimeToEpoch('2026-07-15T10:00')).toBe(Date.UTC(2026, 6, 15, 8, 0));
  expect(localTimeToEpoch('')).toBeNull();
  expect(epochToLocalTime(Date.UTC(2026, 6, 15, 8, 0))).toBe('2026-07-15T10:00');
  expect(epochToLocalTime(String(Date.UTC(2026, 0, 15, 9, 0)))).toBe('2026-01-15T10:00');
  expect(epochToLocalTime(null)).toBe('');
});

test('publishing: a window must end after it starts; the state a list shows', () => {
  expect(publishingColumns({ Status: 'published', PublishAt: '2026-05-01T10:00', UnpublishAt: '2026-04-01T10:00' }).errors).toEqual({ UnpublishAt: 'BackOffice.Items.WindowEndsFirst' });
  const now = Date.UTC(2026, 5, 1);
  expect(publishingState({ status: 'draft', publish_at: null, unpublish_at: null }, now)).toBe('draft');
  expect(publishingState({ status: 'published', publish_at: now + 1, unpublish_at: null }, now)).toBe('scheduled');
  expect(publishingState({ status: 'published', publish_at: String(now - 1), unpublish_at: null }, now)).toBe('published');
  expect(publishingState({ status: 'published', publish_at: null, unpublish_at: now }, now)).toBe('expired');
});

test('translations: empty cultures left out, a slug made from the title, a culture begun without its title, none at all', () => {
  const posted = { Title_fr: ' Bonjour ', Slug_fr: '', Summary_fr: '', Body_fr: '<p>x</p>', ImageAlt_fr: '', Summary_nl: 'Alleen samenvatting' };
  const { translations, errors } = postedTranslations(newsPostTables, posted, { culture: 'fr', clean: { body_html: (text) => text.toUpperCase() } });
  expect(translations.fr).toEqual({ title: 'Bonjour', slug: 'bonjour', summary: '', body_html: '<P>X</P>', image_alt: '' });
  expect(Object.keys(translations)).toEqual(['fr', 'nl']);
  expect(errors).toEqual({ Title_nl: 'BackOffice.Items.LabelRequired', Slug_nl: 'BackOffice.Items.InvalidSlug' });
  expect(postedTranslations(newsPostTables, {}, { culture: 'de' }).errors).toEqual({ Title_de: 'BackOffice.Items.OneCultureRequired' });
});
