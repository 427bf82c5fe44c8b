import type { Transaction } from 'kysely';
import type { Culture } from '../../config';
import { addPageBlock } from '../../content/blocks/write';
import type { Database } from '../schema';
import { seedEpoch } from './catalog-assets';
import { aboutScenes, type SceneDraft } from './content-pages-images';

type Tx = Transaction<Database>;
type ByCulture<T = string> = Record<Culture, T>;

const YOUTUBE_DEMO = 'aqz-KE-bpKQ';

async function addAsset(tx: Tx, draft: SceneDraft): Promise<number> {
  const { id } = await tx
    .insertInto('assets')
    .values({ name: draft.name, mime: 'image/svg+xml', width: draft.width, height: draft.height, size: draft.content.length, content: draft.content, created_at: seedEpoch })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const p = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join('');

const story: ByCulture = {
  fr: p('Tout a commencé en 1987 dans un petit atelier de Lyon.', 'Aujourd’hui, <strong>quarante personnes</strong> choisissent, testent et expédient chaque objet de notre catalogue.'),
  nl: p('Alles begon in 1987 in een kleine werkplaats in Lyon.', 'Vandaag kiezen, testen en versturen <strong>veertig mensen</strong> elk voorwerp uit onze catalogus.'),
  es: p('Todo empezó en 1987 en un pequeño taller de Lyon.', 'Hoy, <strong>cuarenta personas</strong> eligen, prueban y envían cada objeto de nuestro catálogo.'),
  de: p('Alles begann 1987 in einer kleinen Werkstatt in Lyon.', 'Heute wählen, prüfen und versenden <strong>vierzig Menschen</strong> jedes Stück unseres Katalogs.'),
  it: p('Tutto è iniziato nel 1987 in un piccolo laboratorio di Lione.', 'Oggi <strong>quaranta persone</strong> scelgono, provano e spediscono ogni oggetto del nostro catalogo.'),
  pt: p('Tudo começou em 1987 numa pequena oficina em Lyon.', 'Hoje, <strong>quarenta pessoas</strong> escolhem, testam e enviam cada objeto do nosso catálogo.'),
};

const banner: ByCulture<{ title: string; text: string; action: string; alt: string }> = {
  fr: { title: 'Une maison de famille depuis 1987', text: 'Des objets choisis pour durer, livrés partout en Europe.', action: 'Voir le catalogue', alt: 'Notre boutique au pied des collines' },
  nl: { title: 'Een familiebedrijf sinds 1987', text: 'Spullen gekozen om lang mee te gaan, geleverd in heel Europa.', action: 'Bekijk de catalogus', alt: 'Onze winkel aan de voet van de heuvels' },
  es: { title: 'Una empresa familiar desde 1987', text: 'Objetos elegidos para durar, enviados a toda Europa.', action: 'Ver el catálogo', alt: 'Nuestra tienda al pie de las colinas' },
  de: { title: 'Ein Familienunternehmen seit 1987', text: 'Dinge, die bleiben, geliefert in ganz Europa.', action: 'Zum Katalog', alt: 'Unser Laden am Fuß der Hügel' },
  it: { title: "Un'azienda di famiglia dal 1987", text: 'Oggetti scelti per durare, consegnati in tutta Europa.', action: 'Vedi il catalogo', alt: 'Il nostro negozio ai piedi delle colline' },
  pt: { title: 'Uma empresa familiar desde 1987', text: 'Objetos escolhidos para durar, entregues em toda a Europa.', action: 'Ver o catálogo', alt: 'A nossa loja no sopé das colinas' },
};

const workshop: ByCulture<{ alt: string; caption: string }> = {
  fr: { alt: 'L’établi de l’atelier, ses outils et la meule', caption: 'L’atelier où chaque objet est contrôlé.' },
  nl: { alt: 'De werkbank van de werkplaats met gereedschap en slijpsteen', caption: 'De werkplaats waar elk voorwerp wordt gecontroleerd.' },
  es: { alt: 'El banco del taller, sus herramientas y la muela', caption: 'El taller donde se revisa cada objeto.' },
  de: { alt: 'Die Werkbank der Werkstatt mit Werkzeug und Schleifstein', caption: 'Die Werkstatt, in der jedes Stück geprüft wird.' },
  it: { alt: 'Il banco del laboratorio, gli attrezzi e la mola', caption: 'Il laboratorio dove ogni oggetto viene controllato.' },
  pt: { alt: 'A bancada da oficina, as ferramentas e a mó', caption: 'A oficina onde cada objeto é verificado.' },
};

const collapseKeys = ['quality', 'delivery', 'returns', 'materials', 'repairs', 'service'] as const;
const collapseTexts: ByCulture<{ title: string; items: Record<(typeof collapseKeys)[number], [string, string]> }> = {
  fr: { title: 'Nos engagements', items: { quality: ['Qualité', 'Chaque objet est testé avant sa mise en vente.'], delivery: ['Livraison', 'Expédition sous 48 heures partout en Europe.'], returns: ['Retours', '30 jours pour changer d’avis, retour gratuit.'], materials: ['Matières', 'Lin, laine et grès de producteurs européens.'], repairs: ['Réparations', 'Nous réparons ce que nous vendons, même après la garantie.'], service: ['Service', 'Une vraie personne vous répond en moins d’un jour.'] } },
  nl: { title: 'Onze beloften', items: { quality: ['Kwaliteit', 'Elk voorwerp wordt getest voor het te koop gaat.'], delivery: ['Levering', 'Verzending binnen 48 uur in heel Europa.'], returns: ['Retouren', '30 dagen bedenktijd, gratis retour.'], materials: ['Materialen', 'Linnen, wol en steengoed van Europese makers.'], repairs: ['Herstellingen', 'Wij herstellen wat wij verkopen, ook na de garantie.'], service: ['Service', 'Een echte persoon antwoordt binnen een dag.'] } },
  es: { title: 'Nuestros compromisos', items: { quality: ['Calidad', 'Cada objeto se prueba antes de ponerlo a la venta.'], delivery: ['Entrega', 'Envío en 48 horas a toda Europa.'], returns: ['Devoluciones', '30 días para cambiar de opinión, devolución gratuita.'], materials: ['Materiales', 'Lino, lana y gres de productores europeos.'], repairs: ['Reparaciones', 'Reparamos lo que vendemos, incluso después de la garantía.'], service: ['Atención', 'Una persona real le responde en menos de un día.'] } },
  de: { title: 'Unsere Versprechen', items: { quality: ['Qualität', 'Jedes Stück wird vor dem Verkauf geprüft.'], delivery: ['Lieferung', 'Versand innerhalb von 48 Stunden in ganz Europa.'], returns: ['Rückgabe', '30 Tage Bedenkzeit, kostenlose Rücksendung.'], materials: ['Materialien', 'Leinen, Wolle und Steinzeug europäischer Hersteller.'], repairs: ['Reparaturen', 'Wir reparieren, was wir verkaufen, auch nach der Garantie.'], service: ['Service', 'Ein echter Mensch antwortet Ihnen innerhalb eines Tages.'] } },
  it: { title: 'I nostri impegni', items: { quality: ['Qualità', 'Ogni oggetto viene provato prima della vendita.'], delivery: ['Consegna', 'Spedizione entro 48 ore in tutta Europa.'], returns: ['Resi', '30 giorni per ripensarci, reso gratuito.'], materials: ['Materiali', 'Lino, lana e gres di produttori europei.'], repairs: ['Riparazioni', 'Ripariamo ciò che vendiamo, anche dopo la garanzia.'], service: ['Assistenza', 'Una persona vera risponde entro un giorno.'] } },
  pt: { title: 'Os nossos compromissos', items: { quality: ['Qualidade', 'Cada objeto é testado antes de ser posto à venda.'], delivery: ['Entrega', 'Envio em 48 horas para toda a Europa.'], returns: ['Devoluções', '30 dias para mudar de ideias, devolução gratuita.'], materials: ['Materiais', 'Linho, lã e grés de produtores europeus.'], repairs: ['Reparações', 'Reparamos o que vendemos, mesmo depois da garantia.'], service: ['Apoio', 'Uma pessoa real responde-lhe em menos de um dia.'] } },
};

const galleryTexts: ByCulture<{ title: string; alts: string[] }> = {
  fr: { title: 'En images', alts: ['Un vase en grès sur la table', 'Une assiette émaillée à double bord', 'Une carafe ventrue en verre', 'Une boîte à couvercle en bois', 'Une lampe conique et son ampoule', 'Un pot au bec arrondi'] },
  nl: { title: 'In beeld', alts: ['Een vaas van steengoed op tafel', 'Een geglazuurd bord met dubbele rand', 'Een bolle glazen karaf', 'Een houten doos met deksel', 'Een kegelvormige lamp met lamp', 'Een pot met ronde tuit'] },
  es: { title: 'En imágenes', alts: ['Un jarrón de gres sobre la mesa', 'Un plato esmaltado de doble borde', 'Una jarra de vidrio panzuda', 'Una caja de madera con tapa', 'Una lámpara cónica con su bombilla', 'Un tarro de pico redondeado'] },
  de: { title: 'In Bildern', alts: ['Eine Steinzeugvase auf dem Tisch', 'Ein glasierter Teller mit doppeltem Rand', 'Eine bauchige Glaskaraffe', 'Eine Holzdose mit Deckel', 'Eine kegelförmige Lampe mit Glühbirne', 'Ein Topf mit runder Tülle'] },
  it: { title: 'Per immagini', alts: ['Un vaso in gres sul tavolo', 'Un piatto smaltato a doppio bordo', 'Una caraffa panciuta di vetro', 'Una scatola di legno con coperchio', 'Una lampada conica con la lampadina', 'Un vaso dal beccuccio arrotondato'] },
  pt: { title: 'Em imagens', alts: ['Uma jarra de grés sobre a mesa', 'Um prato esmaltado de rebordo duplo', 'Uma garrafa de vidro bojuda', 'Uma caixa de madeira com tampa', 'Um candeeiro cónico com a lâmpada', 'Um pote de bico arredondado'] },
};

const videoTitle: ByCulture = {
  fr: 'Un court film tourné avec nos amis animateurs', nl: 'Een korte film, gemaakt met bevriende animatoren', es: 'Un cortometraje rodado con amigos animadores',
  de: 'Ein Kurzfilm, gedreht mit befreundeten Animatoren', it: 'Un cortometraggio girato con amici animatori', pt: 'Uma curta-metragem feita com amigos animadores',
};

const carouselTitle: ByCulture = { fr: 'Nos coups de cœur', nl: 'Onze favorieten', es: 'Nuestros favoritos', de: 'Unsere Lieblingsstücke', it: 'I nostri preferiti', pt: 'Os nossos favoritos' };

const writeToUs: ByCulture = {
  fr: p('Une question sur un produit ou une commande ? Écrivez-nous, nous répondons en moins d’un jour.'),
  nl: p('Een vraag over een product of een bestelling? Schrijf ons, wij antwoorden binnen een dag.'),
  es: p('¿Una pregunta sobre un producto o un pedido? Escríbanos, respondemos en menos de un día.'),
  de: p('Eine Frage zu einem Produkt oder einer Bestellung? Schreiben Sie uns, wir antworten innerhalb eines Tages.'),
  it: p('Una domanda su un prodotto o un ordine? Scriveteci, rispondiamo entro un giorno.'),
  pt: p('Uma pergunta sobre um produto ou uma encomenda? Escreva-nos, respondemos em menos de um dia.'),
};

const projectsTitle: ByCulture = { fr: 'Nos réalisations', nl: 'Onze realisaties', es: 'Nuestras realizaciones', de: 'Unsere Projekte', it: 'Le nostre realizzazioni', pt: 'As nossas realizações' };
const mapTitle: ByCulture = { fr: 'Nos projets sur la carte', nl: 'Onze projecten op de kaart', es: 'Nuestros proyectos en el mapa', de: 'Unsere Projekte auf der Karte', it: 'I nostri progetti sulla mappa', pt: 'Os nossos projetos no mapa' };
const faqTitle: ByCulture = { fr: 'Avant de nous écrire', nl: 'Voor u ons schrijft', es: 'Antes de escribirnos', de: 'Bevor Sie uns schreiben', it: 'Prima di scriverci', pt: 'Antes de nos escrever' };
const newsTitle: ByCulture = { fr: 'Dernières actualités', nl: 'Laatste nieuws', es: 'Últimas noticias', de: 'Neueste Nachrichten', it: 'Ultime notizie', pt: 'Últimas notícias' };

const perCulture = <T, R>(texts: ByCulture<T>, map: (text: T) => R) =>
  Object.fromEntries(Object.entries(texts).map(([culture, text]) => [culture, map(text as T)])) as ByCulture<R>;
const none = perCulture(carouselTitle, () => ({}));

/** The first published categories of a feature's table (the blocks that list its items). */
async function firstPublished(tx: Tx, table: 'faq_categories' | 'project_categories', count: number): Promise<number[]> {
  const rows = await tx.selectFrom(table).select('id').where('status', '=', 'published').orderBy('position').orderBy('id').limit(count).execute();
  return rows.map((row) => row.id);
}

async function seedAbout(tx: Tx, pageId: number): Promise<void> {
  const department = await tx.selectFrom('categories').select('id').where('parent_id', 'is', null).orderBy('position').limit(1).executeTakeFirst();
  const [projectCategories, faqCategories] = [await firstPublished(tx, 'project_categories', 3), await firstPublished(tx, 'faq_categories', 2)];
  const [bannerId, workshopId, posterId] = [await addAsset(tx, aboutScenes.banner()), await addAsset(tx, aboutScenes.workshop()), await addAsset(tx, aboutScenes.poster())];
  const galleryIds: number[] = [];
  for (let index = 0; index < 6; index++) galleryIds.push(await addAsset(tx, aboutScenes.gallery(index)));
  const titled = (texts: ByCulture) => perCulture(texts, (title) => ({ title }));
  const blocks = [
    { type: 'banner', settings: { assetId: bannerId, link: 'catalog' }, texts: banner },
    { type: 'rich-text', settings: {}, texts: perCulture(story, (html) => ({ html })) },
    { type: 'image', settings: { assetId: workshopId }, texts: workshop },
    {
      type: 'collapses',
      settings: { columns: 3, items: collapseKeys.map((key, index) => ({ key, open: index === 0 })) },
      texts: perCulture(collapseTexts, ({ title, items }) => ({ title, items: Object.fromEntries(Object.entries(items).map(([key, [heading, text]]) => [key, { title: heading, html: p(text) }])) })),
    },
    { type: 'gallery', settings: { assetIds: galleryIds }, texts: galleryTexts },
    { type: 'video', settings: { provider: 'youtube', videoId: YOUTUBE_DEMO, posterAssetId: posterId }, texts: titled(videoTitle) },
    ...(department ? [{ type: 'product-carousel', settings: { categoryId: department.id, limit: 12 }, texts: titled(carouselTitle) }] : []),
    { type: 'page-break', settings: {}, texts: none },
    ...(projectCategories.length ? [
      { type: 'projects-grid', settings: { categoryIds: projectCategories }, texts: titled(projectsTitle) },
      { type: 'map', settings: { categoryIds: projectCategories }, texts: titled(mapTitle) },
      { type: 'page-break', settings: {}, texts: none },
    ] : []),
    { type: 'rich-text', settings: {}, texts: perCulture(writeToUs, (html) => ({ html })) },
    ...(faqCategories.length ? [{ type: 'faq', settings: { categoryIds: faqCategories }, texts: titled(faqTitle) }] : []),
    { type: 'contact-form', settings: {}, texts: none },
  ];
  for (const [position, block] of blocks.entries()) await addPageBlock(tx, { pageId, position, ...block });
}

/**
 * The "about us" page (key 'about') composed of blocks, in three pages (?pageindex=): banner, rich text,
 * image, collapses in columns, gallery, video, product carousel; then the projects grid and map; then a
 * text, the FAQ and the contact form. The home page gets the latest news.
 */
export async function seedContentPages(tx: Tx): Promise<void> {
  const pages = await tx.selectFrom('pages').select(['id', 'page_key']).where('page_key', 'in', ['home', 'about']).execute();
  const idOf = (key: string) => pages.find((page) => page.page_key === key)!.id;
  await seedAbout(tx, idOf('about'));
  await addPageBlock(tx, { pageId: idOf('home'), position: 0, type: 'news-list', settings: { postPerPage: 3 }, texts: perCulture(newsTitle, (title) => ({ title })) });
}
