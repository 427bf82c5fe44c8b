import { type Localised, localised } from './catalog-random';

// The demo news in the six cultures (fr, nl, es, de, it, pt): four categories (one a child) and six
// posts in each, plus a draft and a future post for the visibility tests.

export interface SeedNewsCategory {
  key: string;
  parent: string | null;
  name: Localised;
  summary: Localised;
}

export const newsCategories: SeedNewsCategory[] = [
  {
    key: 'house', parent: null,
    name: localised('La maison', 'Ons huis', 'La casa', 'Das Haus', 'La nostra casa', 'A casa'),
    summary: localised('Des nouvelles de la maison et de ceux qui la font vivre.', 'Nieuws uit ons huis en van de mensen die het doen leven.', 'Noticias de la casa y de quienes la hacen vivir.', 'Neuigkeiten aus unserem Haus und von den Menschen, die es tragen.', 'Notizie dalla nostra casa e da chi la fa vivere.', 'Novidades da casa e de quem lhe dá vida.'),
  },
  {
    key: 'events', parent: 'house',
    name: localised('Événements', 'Evenementen', 'Eventos', 'Veranstaltungen', 'Eventi', 'Eventos e encontros'),
    summary: localised('Rendez-vous, ateliers et rencontres : venez nous voir.', 'Afspraken, workshops en ontmoetingen: kom langs.', 'Citas, talleres y encuentros: ven a vernos.', 'Termine, Workshops und Begegnungen: besuchen Sie uns.', 'Appuntamenti, laboratori e incontri: venite a trovarci.', 'Encontros, oficinas e eventos: venha visitar-nos.'),
  },
  {
    key: 'collections', parent: null,
    name: localised('Collections', 'Collecties', 'Colecciones', 'Kollektionen', 'Collezioni', 'Coleções'),
    summary: localised('Les nouvelles pièces arrivent en boutique et en ligne.', 'De nieuwe stukken komen in de winkel en online.', 'Las nuevas piezas llegan a la tienda y a la web.', 'Die neuen Stücke kommen in den Laden und online.', 'I nuovi capi arrivano in negozio e online.', 'As novas peças chegam à loja e ao site.'),
  },
  {
    key: 'care', parent: null,
    name: localised("Conseils d'entretien", 'Onderhoudstips', 'Consejos de cuidado', 'Pflegetipps', 'Consigli di cura', 'Dicas de cuidado'),
    summary: localised('Nos conseils pour que vos pièces durent longtemps.', 'Onze tips om uw stukken lang mee te laten gaan.', 'Nuestros consejos para que tus prendas duren mucho tiempo.', 'Unsere Tipps, damit Ihre Stücke lange halten.', 'I nostri consigli perché i vostri capi durino a lungo.', 'Os nossos conselhos para que as suas peças durem muito tempo.'),
  },
];

/** Six titles per category, in the order of newsCategories. */
export const newsTitles: Record<string, Localised[]> = {
  house: [
    localised('Notre nouvel atelier ouvre ses portes', 'Ons nieuwe atelier opent de deuren', 'Nuestro nuevo taller abre sus puertas', 'Unsere neue Werkstatt öffnet ihre Türen', 'Il nostro nuovo laboratorio apre le porte', 'A nossa nova oficina abre as portas'),
    localised('Des emballages sans plastique', 'Verpakkingen zonder plastic', 'Envases sin plástico', 'Verpackungen ohne Plastik', 'Imballaggi senza plastica', 'Embalagens sem plástico'),
    localised('Rencontre avec nos tisserands', 'Ontmoeting met onze wevers', 'Encuentro con nuestros tejedores', 'Begegnung mit unseren Webern', 'Incontro con i nostri tessitori', 'Encontro com os nossos tecelões'),
    localised('Livraison offerte en point relais', 'Gratis levering naar een afhaalpunt', 'Envío gratuito a punto de recogida', 'Kostenlose Lieferung an Abholstellen', 'Spedizione gratuita al punto di ritiro', 'Entrega gratuita em ponto de recolha'),
    localised('Dix ans de savoir-faire', 'Tien jaar vakmanschap', 'Diez años de oficio', 'Zehn Jahre Handwerkskunst', 'Dieci anni di artigianato', 'Dez anos de saber fazer'),
    localised('Notre engagement pour le coton bio', 'Onze inzet voor biokatoen', 'Nuestro compromiso con el algodón orgánico', 'Unser Einsatz für Bio-Baumwolle', 'Il nostro impegno per il cotone biologico', 'O nosso compromisso com o algodão biológico'),
  ],
  events: [
    localised('Journées portes ouvertes à Bruxelles', 'Opendeurdagen in Brussel', 'Jornadas de puertas abiertas en Bruselas', 'Tage der offenen Tür in Brüssel', 'Porte aperte a Bruxelles', 'Dias abertos em Bruxelas'),
    localised('Atelier de couture pour débutants', 'Naaiworkshop voor beginners', 'Taller de costura para principiantes', 'Nähkurs für Anfänger', 'Laboratorio di cucito per principianti', 'Oficina de costura para principiantes'),
    localised("Marché de créateurs d'hiver", 'Wintermarkt voor ontwerpers', 'Mercado de diseñadores de invierno', 'Winterlicher Designermarkt', 'Mercatino invernale dei creatori', 'Mercado de criadores de inverno'),
    localised('Soirée de lancement à Lisbonne', 'Lanceringsavond in Lissabon', 'Noche de lanzamiento en Lisboa', 'Launch-Abend in Lissabon', 'Serata di lancio a Lisbona', 'Noite de lançamento em Lisboa'),
    localised('Défilé solidaire à Madrid', 'Liefdadigheidsshow in Madrid', 'Desfile solidario en Madrid', 'Benefiz-Modenschau in Madrid', 'Sfilata solidale a Madrid', 'Desfile solidário em Madrid'),
    localised('Brunch des clients fidèles', 'Brunch voor trouwe klanten', 'Brunch para clientes fieles', 'Brunch für Stammkunden', 'Brunch per i clienti fedeli', 'Brunch para clientes fiéis'),
  ],
  collections: [
    localised("La collection lin de l'été", 'De linnen zomercollectie', 'La colección de lino de verano', 'Die Leinen-Sommerkollektion', 'La collezione estiva in lino', 'A coleção de linho de verão'),
    localised("Couleurs d'automne : terracotta et ocre", 'Herfstkleuren: terracotta en oker', 'Colores de otoño: terracota y ocre', 'Herbstfarben: Terrakotta und Ocker', "Colori d'autunno: terracotta e ocra", 'Cores de outono: terracota e ocre'),
    localised("Des manteaux pour l'hiver", 'Jassen voor de winter', 'Abrigos para el invierno', 'Mäntel für den Winter', "Cappotti per l'inverno", 'Casacos para o inverno'),
    localised('La céramique fait son entrée', 'Keramiek doet zijn intrede', 'La cerámica llega a la tienda', 'Keramik hält Einzug', 'Arriva la ceramica', 'A cerâmica chega à loja'),
    localised('Une capsule en laine recyclée', 'Een capsule in gerecycleerde wol', 'Una cápsula de lana reciclada', 'Eine Kapsel aus recycelter Wolle', 'Una capsule in lana riciclata', 'Uma cápsula em lã reciclada'),
    localised('Les accessoires de la saison', 'De accessoires van het seizoen', 'Los accesorios de la temporada', 'Die Accessoires der Saison', 'Gli accessori della stagione', 'Os acessórios da estação'),
  ],
  care: [
    localised('Bien laver le lin', 'Linnen goed wassen', 'Cómo lavar bien el lino', 'Leinen richtig waschen', 'Lavare bene il lino', 'Como lavar bem o linho'),
    localised('Ranger ses pulls en laine', 'Wollen truien opbergen', 'Guardar los jerséis de lana', 'Wollpullover richtig aufbewahren', 'Riporre i maglioni di lana', 'Guardar as camisolas de lã'),
    localised('Entretenir le cuir', 'Leer onderhouden', 'Cuidar el cuero', 'Leder pflegen', 'Curare la pelle', 'Cuidar do couro'),
    localised('Détacher sans abîmer', 'Vlekken verwijderen zonder schade', 'Quitar manchas sin dañar', 'Flecken schonend entfernen', 'Smacchiare senza rovinare', 'Tirar nódoas sem estragar'),
    localised('Repasser à basse température', 'Strijken op lage temperatuur', 'Planchar a baja temperatura', 'Bügeln bei niedriger Temperatur', 'Stirare a bassa temperatura', 'Passar a ferro a baixa temperatura'),
    localised('Prolonger la vie de vos vêtements', 'De levensduur van je kleding verlengen', 'Alargar la vida de tu ropa', 'Die Lebensdauer Ihrer Kleidung verlängern', 'Allungare la vita dei tuoi capi', 'Prolongar a vida da sua roupa'),
  ],
};

export const draftTitle = localised('Annonce en préparation', 'Aankondiging in voorbereiding', 'Anuncio en preparación', 'Ankündigung in Vorbereitung', 'Annuncio in preparazione', 'Anúncio em preparação');
export const futureTitle = localised('Les nouveautés du printemps prochain', 'Het nieuws van volgende lente', 'Las novedades de la próxima primavera', 'Die Neuheiten des nächsten Frühlings', 'Le novità della prossima primavera', 'As novidades da próxima primavera');

/** The body's closing paragraph. */
export const newsClosing = localised(
  "Notre équipe a préparé cette nouvelle avec soin. Retrouvez tous les détails en boutique, ou écrivez-nous depuis la page contact si vous avez une question.",
  'Ons team heeft dit nieuws met zorg voorbereid. Alle details vindt u in de winkel; schrijf ons via de contactpagina als u een vraag hebt.',
  'Nuestro equipo ha preparado esta noticia con cuidado. Encuentra todos los detalles en la tienda o escríbenos desde la página de contacto si tienes alguna pregunta.',
  'Unser Team hat diese Nachricht sorgfältig vorbereitet. Alle Einzelheiten finden Sie im Laden; schreiben Sie uns über die Kontaktseite, wenn Sie eine Frage haben.',
  'Il nostro team ha preparato questa notizia con cura. Trovate tutti i dettagli in negozio, oppure scriveteci dalla pagina dei contatti se avete una domanda.',
  'A nossa equipa preparou esta notícia com cuidado. Encontre todos os detalhes na loja ou escreva-nos a partir da página de contacto se tiver alguma pergunta.',
);

export const pictureAlt = (culture: keyof Localised, title: string): string =>
  localised(`Illustration : ${title}`, `Illustratie: ${title}`, `Ilustración: ${title}`, `Illustration: ${title}`, `Illustrazione: ${title}`, `Ilustração: ${title}`)[culture];

export const galleryAlt = (culture: keyof Localised, title: string, number: number, total: number): string =>
  localised(
    `${title}, image ${number} sur ${total}`, `${title}, afbeelding ${number} van ${total}`, `${title}, imagen ${number} de ${total}`,
    `${title}, Bild ${number} von ${total}`, `${title}, immagine ${number} di ${total}`, `${title}, imagem ${number} de ${total}`,
  )[culture];
