import type { Transaction } from 'kysely';
import type { Culture } from '../../config';
import type { Database } from '../schema';
import { seedEpoch } from './catalog-assets';
import * as images from './home-images';

type Tx = Transaction<Database>;
type ByCulture<T = string> = Record<Culture, T>;
const cultures: Culture[] = ['fr', 'nl', 'es', 'de', 'it', 'pt'];

async function addPicture(tx: Tx, picture: images.HomePicture): Promise<number> {
  const { id } = await tx
    .insertInto('assets')
    .values({ name: picture.name, mime: 'image/svg+xml', width: picture.width, height: picture.height, size: picture.content.length, content: picture.content, created_at: seedEpoch })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The first active product whose French name starts so (the catalog seed names them by type). */
async function productNamed(tx: Tx, prefix: string): Promise<number | null> {
  const row = await tx
    .selectFrom('products')
    .innerJoin('product_translations as text', (join) => join.onRef('text.product_id', '=', 'products.id').on('text.culture', '=', 'fr'))
    .select('products.id')
    .where('products.is_active', '=', 1)
    .where('text.name', 'like', `${prefix}%`)
    .orderBy('products.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

interface SlideSeed {
  picture: () => images.HomePicture;
  product?: string;
  link?: string;
  title: ByCulture;
  text: ByCulture;
  label: ByCulture;
  alt: ByCulture;
}

const heroSlides: SlideSeed[] = [
  {
    picture: images.seasonScene,
    link: '/{culture}/catalog',
    title: { fr: 'La saison nouvelle', nl: 'Het nieuwe seizoen', es: 'La nueva temporada', de: 'Die neue Saison', it: 'La nuova stagione', pt: 'A nova estação' },
    text: { fr: 'Des matières naturelles et des coupes qui durent.', nl: 'Natuurlijke materialen en snitten die blijven.', es: 'Materiales naturales y cortes que perduran.', de: 'Natürliche Materialien und Schnitte, die bleiben.', it: 'Materiali naturali e tagli che durano.', pt: 'Materiais naturais e cortes que duram.' },
    label: { fr: 'Découvrir le catalogue', nl: 'Ontdek de catalogus', es: 'Descubrir el catálogo', de: 'Katalog entdecken', it: 'Scopri il catalogo', pt: 'Descobrir o catálogo' },
    alt: { fr: 'Vêtements de saison suspendus près d’une fenêtre', nl: 'Seizoenskleding aan een rek bij een raam', es: 'Ropa de temporada colgada junto a una ventana', de: 'Saisonkleidung an einer Stange am Fenster', it: 'Capi di stagione appesi vicino a una finestra', pt: 'Roupa da estação pendurada junto a uma janela' },
  },
  {
    picture: images.tableScene,
    product: 'Cocotte',
    title: { fr: 'À table', nl: 'Aan tafel', es: 'A la mesa', de: 'Zu Tisch', it: 'A tavola', pt: 'À mesa' },
    text: { fr: 'Cocottes, assiettes et mugs pour les longs repas.', nl: 'Braadpannen, borden en mokken voor lange maaltijden.', es: 'Cacerolas, platos y tazas para las comidas largas.', de: 'Bräter, Teller und Becher für lange Mahlzeiten.', it: 'Casseruole, piatti e tazze per i pranzi lunghi.', pt: 'Caçarolas, pratos e canecas para as refeições longas.' },
    label: { fr: 'Voir la cocotte', nl: 'Bekijk de braadpan', es: 'Ver la cacerola', de: 'Bräter ansehen', it: 'Vedi la casseruola', pt: 'Ver a caçarola' },
    alt: { fr: 'Une table dressée avec une cocotte rouge', nl: 'Een gedekte tafel met een rode braadpan', es: 'Una mesa puesta con una cacerola roja', de: 'Ein gedeckter Tisch mit einem roten Bräter', it: 'Una tavola apparecchiata con una casseruola rossa', pt: 'Uma mesa posta com uma caçarola vermelha' },
  },
  {
    picture: images.workshopScene,
    link: '/{culture}/projects',
    title: { fr: 'Nos projets', nl: 'Onze projecten', es: 'Nuestros proyectos', de: 'Unsere Projekte', it: 'I nostri progetti', pt: 'Os nossos projetos' },
    text: { fr: 'Des intérieurs imaginés avec nos clients.', nl: 'Interieurs bedacht met onze klanten.', es: 'Interiores ideados con nuestros clientes.', de: 'Einrichtungen, mit unseren Kunden erdacht.', it: 'Interni pensati con i nostri clienti.', pt: 'Interiores pensados com os nossos clientes.' },
    label: { fr: 'Voir les projets', nl: 'Bekijk de projecten', es: 'Ver los proyectos', de: 'Projekte ansehen', it: 'Vedi i progetti', pt: 'Ver os projetos' },
    alt: { fr: 'Un établi d’atelier et une horloge murale', nl: 'Een werkbank en een wandklok', es: 'Un banco de taller y un reloj de pared', de: 'Eine Werkbank und eine Wanduhr', it: 'Un banco da lavoro e un orologio da parete', pt: 'Uma bancada de oficina e um relógio de parede' },
  },
];

const collectionSlides: SlideSeed[] = [
  {
    picture: images.knitScene,
    product: 'Plaid',
    title: { fr: 'Collection mailles', nl: 'Breicollectie', es: 'Colección de punto', de: 'Strickkollektion', it: 'Collezione maglia', pt: 'Coleção de malha' },
    text: { fr: 'Laine et coton pour les soirées fraîches.', nl: 'Wol en katoen voor koele avonden.', es: 'Lana y algodón para las noches frescas.', de: 'Wolle und Baumwolle für kühle Abende.', it: 'Lana e cotone per le sere fresche.', pt: 'Lã e algodão para as noites frescas.' },
    label: { fr: 'Voir le plaid', nl: 'Bekijk het plaid', es: 'Ver la manta', de: 'Decke ansehen', it: 'Vedi il plaid', pt: 'Ver a manta' },
    alt: { fr: 'Des mailles pliées sur une chaise', nl: 'Gevouwen breiwerk op een stoel', es: 'Prendas de punto dobladas sobre una silla', de: 'Gefaltete Strickwaren auf einem Stuhl', it: 'Maglie piegate su una sedia', pt: 'Peças de malha dobradas numa cadeira' },
  },
  {
    picture: images.linenScene,
    product: 'Torchon',
    title: { fr: 'Collection lin', nl: 'Linnencollectie', es: 'Colección de lino', de: 'Leinenkollektion', it: 'Collezione lino', pt: 'Coleção de linho' },
    text: { fr: 'Le lin lavé, léger comme l’été.', nl: 'Gewassen linnen, licht als de zomer.', es: 'Lino lavado, ligero como el verano.', de: 'Gewaschenes Leinen, leicht wie der Sommer.', it: 'Lino lavato, leggero come l’estate.', pt: 'Linho lavado, leve como o verão.' },
    label: { fr: 'Voir le torchon', nl: 'Bekijk de theedoek', es: 'Ver el paño', de: 'Geschirrtuch ansehen', it: 'Vedi lo strofinaccio', pt: 'Ver o pano' },
    alt: { fr: 'Du linge séchant au bord de la mer', nl: 'Linnen dat aan zee droogt', es: 'Ropa blanca secándose junto al mar', de: 'Wäsche, die am Meer trocknet', it: 'Biancheria stesa in riva al mare', pt: 'Roupa a secar à beira-mar' },
  },
];

async function seedBanner(tx: Tx, key: string, autoplayMs: number | null, slides: SlideSeed[], position: number): Promise<void> {
  const banner = await tx.insertInto('home_banners').values({ banner_key: key, autoplay_ms: autoplayMs, position }).returning('id').executeTakeFirstOrThrow();
  for (const [index, slide] of slides.entries()) {
    const productId = slide.product ? await productNamed(tx, slide.product) : null;
    const row = await tx
      .insertInto('home_slides')
      .values({ banner_id: banner.id, asset_id: await addPicture(tx, slide.picture()), video_url: null, product_id: productId, link_url: slide.link ?? null, position: index, starts_at: null, ends_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('home_slide_translations')
      .values(cultures.map((culture) => ({ slide_id: row.id, culture, title: slide.title[culture], text: slide.text[culture], link_label: slide.label[culture], image_alt: slide.alt[culture] })))
      .execute();
  }
}

const partners: [string, string, string][] = [
  ['Atelier Rivière', '#33658a', 'https://example.com/atelier-riviere'],
  ['Lin & Co', '#7d8c5c', 'https://example.com/lin-and-co'],
  ['Nordkeramik', '#2f4858', 'https://example.com/nordkeramik'],
  ['Maison Ocre', '#c9825b', 'https://example.com/maison-ocre'],
  ['Verde Textil', '#4f772d', 'https://example.com/verde-textil'],
  ['Porto Tecelagem', '#9b4a2c', 'https://example.com/porto-tecelagem'],
  ['Studio Alba', '#e09f3e', 'https://example.com/studio-alba'],
  ['Fattoria Lana', '#9e2a2b', 'https://example.com/fattoria-lana'],
];

async function seedPartners(tx: Tx): Promise<void> {
  for (const [position, [name, hex, url]] of partners.entries()) {
    const file = `partner-${name.toLowerCase().replace(/[^a-z]+/g, '-')}.jpg`;
    await tx.insertInto('home_partners').values({ name, url, position, asset_id: await addPicture(tx, images.partnerLogo(name, hex, file)) }).execute();
  }
}

const testimonies: { author: string; detail: ByCulture; text: ByCulture }[] = [
  {
    author: 'Claire M.',
    detail: { fr: 'Lyon', nl: 'Lyon', es: 'Lyon', de: 'Lyon', it: 'Lione', pt: 'Lyon' },
    text: { fr: 'Commande reçue en deux jours, emballée avec soin. La cocotte est magnifique.', nl: 'Bestelling in twee dagen ontvangen, zorgvuldig verpakt. De braadpan is prachtig.', es: 'Pedido recibido en dos días, embalado con cuidado. La cacerola es preciosa.', de: 'Bestellung in zwei Tagen erhalten, sorgfältig verpackt. Der Bräter ist wunderschön.', it: 'Ordine ricevuto in due giorni, imballato con cura. La casseruola è splendida.', pt: 'Encomenda recebida em dois dias, embalada com cuidado. A caçarola é magnífica.' },
  },
  {
    author: 'Pieter V.',
    detail: { fr: 'Gand', nl: 'Gent', es: 'Gante', de: 'Gent', it: 'Gand', pt: 'Gante' },
    text: { fr: 'Un échange de taille sans aucune difficulté. Service client très à l’écoute.', nl: 'Een maat omruilen zonder enig probleem. Zeer attente klantenservice.', es: 'Un cambio de talla sin ninguna dificultad. Atención al cliente muy atenta.', de: 'Ein Größenumtausch ohne jede Mühe. Sehr aufmerksamer Kundendienst.', it: 'Un cambio di taglia senza alcuna difficoltà. Servizio clienti molto attento.', pt: 'Uma troca de tamanho sem qualquer dificuldade. Apoio ao cliente muito atento.' },
  },
  {
    author: 'Lucía G.',
    detail: { fr: 'Séville', nl: 'Sevilla', es: 'Sevilla', de: 'Sevilla', it: 'Siviglia', pt: 'Sevilha' },
    text: { fr: 'Le lin est encore plus beau que sur les photos. J’ai déjà recommandé.', nl: 'Het linnen is nog mooier dan op de foto’s. Ik heb al opnieuw besteld.', es: 'El lino es aún más bonito que en las fotos. Ya he vuelto a pedir.', de: 'Das Leinen ist noch schöner als auf den Fotos. Ich habe schon nachbestellt.', it: 'Il lino è ancora più bello che in foto. Ho già riordinato.', pt: 'O linho é ainda mais bonito do que nas fotografias. Já voltei a encomendar.' },
  },
  {
    author: 'Jonas K.',
    detail: { fr: 'Munich', nl: 'München', es: 'Múnich', de: 'München', it: 'Monaco di Baviera', pt: 'Munique' },
    text: { fr: 'Les conseils de l’équipe pour aménager notre salon ont tout changé.', nl: 'Het advies van het team voor onze woonkamer maakte het verschil.', es: 'Los consejos del equipo para nuestro salón lo cambiaron todo.', de: 'Die Tipps des Teams für unser Wohnzimmer haben alles verändert.', it: 'I consigli del team per il nostro soggiorno hanno cambiato tutto.', pt: 'Os conselhos da equipa para a nossa sala mudaram tudo.' },
  },
  {
    author: 'Giulia R.',
    detail: { fr: 'Turin', nl: 'Turijn', es: 'Turín', de: 'Turin', it: 'Torino', pt: 'Turim' },
    text: { fr: 'Une liste de naissance simple à partager, et des cadeaux livrés à temps.', nl: 'Een geboortelijst die makkelijk te delen is, en cadeaus die op tijd kwamen.', es: 'Una lista de nacimiento fácil de compartir y regalos entregados a tiempo.', de: 'Eine Geburtsliste, leicht zu teilen, und Geschenke, die pünktlich kamen.', it: 'Una lista nascita facile da condividere e regali consegnati in tempo.', pt: 'Uma lista de nascimento fácil de partilhar e presentes entregues a tempo.' },
  },
  {
    author: 'Inês F.',
    detail: { fr: 'Porto', nl: 'Porto', es: 'Oporto', de: 'Porto', it: 'Porto', pt: 'Porto' },
    text: { fr: 'Retrait en point relais pratique, et des prix justes pour cette qualité.', nl: 'Handig afhalen bij een afhaalpunt, en eerlijke prijzen voor deze kwaliteit.', es: 'Recogida cómoda en punto de entrega y precios justos para esta calidad.', de: 'Bequeme Abholung im Paketshop und faire Preise für diese Qualität.', it: 'Ritiro comodo al punto di raccolta e prezzi onesti per questa qualità.', pt: 'Levantamento prático num ponto de recolha e preços justos para esta qualidade.' },
  },
];

async function seedTestimonies(tx: Tx): Promise<void> {
  for (const [position, testimony] of testimonies.entries()) {
    const row = await tx.insertInto('home_testimonies').values({ author: testimony.author, position }).returning('id').executeTakeFirstOrThrow();
    await tx
      .insertInto('home_testimony_translations')
      .values(cultures.map((culture) => ({ testimony_id: row.id, culture, text: testimony.text[culture], author_detail: testimony.detail[culture] })))
      .execute();
  }
}

const hotspots: { x: number; y: number; product: string; title: ByCulture; text: ByCulture }[] = [
  { x: 24, y: 51, product: 'Vase', title: { fr: 'Vase en grès', nl: 'Vaas van steengoed', es: 'Jarrón de gres', de: 'Vase aus Steinzeug', it: 'Vaso in gres', pt: 'Jarra de grés' }, text: { fr: 'Émaillé à la main.', nl: 'Met de hand geglazuurd.', es: 'Esmaltado a mano.', de: 'Von Hand glasiert.', it: 'Smaltato a mano.', pt: 'Vidrado à mão.' } },
  { x: 52, y: 50, product: 'Coussin', title: { fr: 'Coussin', nl: 'Kussen', es: 'Cojín', de: 'Kissen', it: 'Cuscino', pt: 'Almofada' }, text: { fr: 'Housse déhoussable, lavable à 30 °C.', nl: 'Afneembare hoes, wasbaar op 30 °C.', es: 'Funda extraíble, lavable a 30 °C.', de: 'Abnehmbarer Bezug, waschbar bei 30 °C.', it: 'Fodera sfoderabile, lavabile a 30 °C.', pt: 'Capa amovível, lavável a 30 °C.' } },
  { x: 73, y: 62, product: 'Plaid', title: { fr: 'Plaid', nl: 'Plaid', es: 'Manta', de: 'Decke', it: 'Plaid', pt: 'Manta' }, text: { fr: 'Tissé au Portugal.', nl: 'Geweven in Portugal.', es: 'Tejida en Portugal.', de: 'In Portugal gewebt.', it: 'Tessuto in Portogallo.', pt: 'Tecida em Portugal.' } },
  { x: 42, y: 78, product: 'Mug', title: { fr: 'Mug', nl: 'Mok', es: 'Taza', de: 'Becher', it: 'Tazza', pt: 'Caneca' }, text: { fr: 'Passe au lave-vaisselle.', nl: 'Vaatwasserbestendig.', es: 'Apta para lavavajillas.', de: 'Spülmaschinenfest.', it: 'Lavabile in lavastoviglie.', pt: 'Pode ir à máquina de lavar loiça.' } },
];

async function seedImageMap(tx: Tx): Promise<void> {
  const banner = await tx.insertInto('image_map_banners').values({ asset_id: await addPicture(tx, images.livingRoomScene()), position: 0 }).returning('id').executeTakeFirstOrThrow();
  const title: ByCulture = { fr: 'Le salon de la saison', nl: 'De woonkamer van het seizoen', es: 'El salón de la temporada', de: 'Das Wohnzimmer der Saison', it: 'Il soggiorno della stagione', pt: 'A sala da estação' };
  const alt: ByCulture = { fr: 'Un salon avec un canapé vert, un coussin, un plaid, un vase et un mug', nl: 'Een woonkamer met een groene bank, een kussen, een plaid, een vaas en een mok', es: 'Un salón con un sofá verde, un cojín, una manta, un jarrón y una taza', de: 'Ein Wohnzimmer mit grünem Sofa, Kissen, Decke, Vase und Becher', it: 'Un soggiorno con un divano verde, un cuscino, un plaid, un vaso e una tazza', pt: 'Uma sala com um sofá verde, uma almofada, uma manta, uma jarra e uma caneca' };
  await tx.insertInto('image_map_banner_translations').values(cultures.map((culture) => ({ banner_id: banner.id, culture, title: title[culture], image_alt: alt[culture] }))).execute();
  for (const [position, spot] of hotspots.entries()) {
    const productId = await productNamed(tx, spot.product);
    const row = await tx
      .insertInto('image_map_hotspots')
      .values({ banner_id: banner.id, x_percent: spot.x, y_percent: spot.y, product_id: productId, link_url: productId ? null : '/{culture}/catalog', position })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('image_map_hotspot_translations').values(cultures.map((culture) => ({ hotspot_id: row.id, culture, title: spot.title[culture], text: spot.text[culture] }))).execute();
  }
}

/** The home page's merchandising: the home slider, the new-collection banner (5 s autoplay), partners, testimonies and an image map. */
export async function seedHome(tx: Tx): Promise<void> {
  await seedBanner(tx, 'hero', null, heroSlides, 0);
  await seedBanner(tx, 'collection', 5000, collectionSlides, 1);
  await seedPartners(tx);
  await seedTestimonies(tx);
  await seedImageMap(tx);
}
