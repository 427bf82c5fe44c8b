import { type Localised, localised } from './catalog-random';
import type { SceneKind } from './projects-images';

// The demo projects' words in the six cultures: category names, project kinds, cities and countries,
// and the sentences their summaries, descriptions and alt texts are made of.

export interface CategorySeed {
  name: Localised;
  summary: Localised;
}

export const categorySeeds: CategorySeed[] = [
  {
    name: localised('Logements', 'Woningbouw', 'Viviendas', 'Wohnbau', 'Residenziale', 'Habitação'),
    summary: localised(
      'Des logements sobres et lumineux, pensés avec leurs habitants.',
      'Sobere, lichte woningen, ontworpen samen met hun bewoners.',
      'Viviendas sobrias y luminosas, pensadas con sus habitantes.',
      'Schlichte, helle Wohnungen, gemeinsam mit ihren Bewohnern geplant.',
      'Abitazioni sobrie e luminose, pensate con i loro abitanti.',
      'Habitações sóbrias e luminosas, pensadas com os seus moradores.',
    ),
  },
  {
    name: localised('Équipements publics', 'Openbare gebouwen', 'Edificios públicos', 'Öffentliche Bauten', 'Edifici pubblici', 'Edifícios públicos'),
    summary: localised(
      'Bibliothèques, écoles et halles ouvertes à tous.',
      'Bibliotheken, scholen en markthallen die voor iedereen openstaan.',
      'Bibliotecas, escuelas y mercados abiertos a todos.',
      'Bibliotheken, Schulen und Markthallen, offen für alle.',
      'Biblioteche, scuole e mercati aperti a tutti.',
      'Bibliotecas, escolas e mercados abertos a todos.',
    ),
  },
  {
    name: localised('Paysage', 'Landschap', 'Paisajismo', 'Landschaft', 'Paesaggio', 'Paisagismo'),
    summary: localised(
      'Parcs, quais et places rendus aux piétons et à la nature.',
      'Parken, kaden en pleinen teruggegeven aan voetgangers en natuur.',
      'Parques, muelles y plazas devueltos a los peatones y a la naturaleza.',
      'Parks, Ufer und Plätze, den Fußgängern und der Natur zurückgegeben.',
      'Parchi, lungofiumi e piazze restituiti ai pedoni e alla natura.',
      'Parques, cais e praças devolvidos aos peões e à natureza.',
    ),
  },
];

export const kinds = {
  apartments: localised('Logements', 'Appartementen', 'Viviendas', 'Wohnungen', 'Appartamenti', 'Apartamentos'),
  library: localised('Médiathèque', 'Bibliotheek', 'Biblioteca', 'Bibliothek', 'Biblioteca', 'Biblioteca'),
  school: localised('École', 'School', 'Escuela', 'Schule', 'Scuola', 'Escola'),
  market: localised('Halle de marché', 'Markthal', 'Mercado cubierto', 'Markthalle', 'Mercato coperto', 'Mercado coberto'),
  park: localised('Parc', 'Park', 'Parque', 'Park', 'Parco', 'Parque'),
  quay: localised('Quais', 'Kaden', 'Muelles', 'Uferpromenade', 'Lungofiume', 'Cais'),
  square: localised('Place', 'Plein', 'Plaza', 'Platz', 'Piazza', 'Praça'),
};

export const countries = {
  FR: localised('France', 'Frankrijk', 'Francia', 'Frankreich', 'Francia', 'França'),
  BE: localised('Belgique', 'België', 'Bélgica', 'Belgien', 'Belgio', 'Bélgica'),
  NL: localised('Pays-Bas', 'Nederland', 'Países Bajos', 'Niederlande', 'Paesi Bassi', 'Países Baixos'),
  PT: localised('Portugal', 'Portugal', 'Portugal', 'Portugal', 'Portogallo', 'Portugal'),
  ES: localised('Espagne', 'Spanje', 'España', 'Spanien', 'Spagna', 'Espanha'),
  DE: localised('Allemagne', 'Duitsland', 'Alemania', 'Deutschland', 'Germania', 'Alemanha'),
  IT: localised('Italie', 'Italië', 'Italia', 'Italien', 'Italia', 'Itália'),
};

export interface ProjectSeed {
  category: number;
  kind: keyof typeof kinds;
  name: string;
  city: Localised;
  street: string;
  country: keyof typeof countries;
  latitude: number;
  longitude: number;
  year: number;
  area: number;
  scenes: SceneKind[];
  draft?: boolean;
}

const same = (text: string) => localised(text, text, text, text, text, text);

// Real places (addresses and coordinates); the projects themselves are made up.
export const projectSeeds: ProjectSeed[] = [
  { category: 0, kind: 'apartments', name: 'Confluence', city: same('Lyon'), street: '112 Cours Charlemagne, 69002', country: 'FR', latitude: 45.7416, longitude: 4.818, year: 2021, area: 6400, scenes: ['facade', 'street', 'garden', 'detail'] },
  { category: 0, kind: 'apartments', name: 'Eilandje', city: localised('Anvers', 'Antwerpen', 'Amberes', 'Antwerpen', 'Anversa', 'Antuérpia'), street: 'Londenstraat 60, 2000', country: 'BE', latitude: 51.2303, longitude: 4.405, year: 2019, area: 5200, scenes: ['water', 'facade', 'detail'] },
  { category: 0, kind: 'apartments', name: 'Kop van Zuid', city: same('Rotterdam'), street: 'Wilhelminakade 137, 3072 AP', country: 'NL', latitude: 51.9067, longitude: 4.4886, year: 2022, area: 8100, scenes: ['water', 'aerial', 'facade', 'street', 'detail'] },
  { category: 1, kind: 'library', name: 'Oosterdok', city: same('Amsterdam'), street: 'Oosterdokskade 143, 1011 DL', country: 'NL', latitude: 52.3756, longitude: 4.9081, year: 2018, area: 3100, scenes: ['water', 'facade', 'detail', 'street'] },
  { category: 1, kind: 'school', name: 'Bombarda', city: localised('Porto', 'Porto', 'Oporto', 'Porto', 'Porto', 'Porto'), street: 'Rua de Miguel Bombarda 223, 4050-381', country: 'PT', latitude: 41.151, longitude: -8.6195, year: 2020, area: 2400, scenes: ['facade', 'garden', 'detail', 'aerial', 'street', 'garden'] },
  { category: 1, kind: 'market', name: 'Ciutat Vella', city: localised('Valence', 'Valencia', 'Valencia', 'Valencia', 'Valencia', 'Valência'), street: 'Plaça de la Ciutat de Bruges, 46001', country: 'ES', latitude: 39.4736, longitude: -0.3789, year: 2017, area: 4200, scenes: ['street', 'facade', 'detail'] },
  { category: 2, kind: 'park', name: 'Isar', city: localised('Munich', 'München', 'Múnich', 'München', 'Monaco di Baviera', 'Munique'), street: 'Englischer Garten, 80538', country: 'DE', latitude: 48.1642, longitude: 11.6056, year: 2016, area: 42000, scenes: ['garden', 'water', 'aerial', 'garden'] },
  { category: 2, kind: 'quay', name: 'Chartrons', city: same('Bordeaux'), street: 'Quai des Chartrons, 33000', country: 'FR', latitude: 44.853, longitude: -0.569, year: 2015, area: 18000, scenes: ['water', 'street', 'garden', 'aerial', 'detail'] },
  { category: 2, kind: 'square', name: 'Maggiore', city: localised('Bologne', 'Bologna', 'Bolonia', 'Bologna', 'Bologna', 'Bolonha'), street: 'Piazza Maggiore, 40124', country: 'IT', latitude: 44.4938, longitude: 11.3426, year: 2023, area: 9500, scenes: ['aerial', 'street', 'facade'] },
  { category: 0, kind: 'apartments', name: 'Dok Noord', city: localised('Gand', 'Gent', 'Gante', 'Gent', 'Gand', 'Gante'), street: 'Dok Noord 4, 9000', country: 'BE', latitude: 51.066, longitude: 3.733, year: 2026, area: 3900, scenes: ['facade', 'water', 'detail'], draft: true },
];

export const sceneWords: Record<SceneKind, Localised> = {
  facade: localised('la façade', 'de gevel', 'la fachada', 'die Fassade', 'la facciata', 'a fachada'),
  street: localised('vue depuis la rue', 'zicht vanaf de straat', 'vista desde la calle', 'Blick von der Straße', 'vista dalla strada', 'vista da rua'),
  garden: localised('le jardin', 'de tuin', 'el jardín', 'der Garten', 'il giardino', 'o jardim'),
  water: localised('vue depuis l’eau', 'zicht vanaf het water', 'vista desde el agua', 'Blick vom Wasser', 'vista dall’acqua', 'vista da água'),
  detail: localised('détail des matériaux', 'detail van de materialen', 'detalle de los materiales', 'Detail der Materialien', 'dettaglio dei materiali', 'pormenor dos materiais'),
  aerial: localised('vue aérienne', 'luchtfoto', 'vista aérea', 'Luftbild', 'vista aerea', 'vista aérea'),
};

type Texts = { title: string; city: string; year: number; area: string; kind: string };

export const summaries: Record<string, (texts: Texts) => string> = {
  fr: (x) => `${x.kind} à ${x.city}, livré en ${x.year} : un projet mené avec ses usagers.`,
  nl: (x) => `${x.kind} in ${x.city}, opgeleverd in ${x.year}: een project samen met de gebruikers.`,
  es: (x) => `${x.kind} en ${x.city}, entregado en ${x.year}: un proyecto hecho con sus usuarios.`,
  de: (x) => `${x.kind} in ${x.city}, fertiggestellt ${x.year}: ein Projekt mit seinen Nutzern.`,
  it: (x) => `${x.kind} a ${x.city}, consegnato nel ${x.year}: un progetto condiviso con chi lo usa.`,
  pt: (x) => `${x.kind} em ${x.city}, entregue em ${x.year}: um projeto feito com os seus utilizadores.`,
};

export const descriptions: Record<string, (texts: Texts) => string> = {
  fr: (x) => `<p>À ${x.city}, <strong>${x.title}</strong> transforme un site oublié en lieu de vie.</p><p>Matériaux locaux, lumière naturelle et espaces partagés.</p><ul><li>Livraison : ${x.year}</li><li>Surface : ${x.area} m²</li></ul>`,
  nl: (x) => `<p>In ${x.city} maakt <strong>${x.title}</strong> van een vergeten plek een levendige buurt.</p><p>Lokale materialen, daglicht en gedeelde ruimten.</p><ul><li>Oplevering: ${x.year}</li><li>Oppervlakte: ${x.area} m²</li></ul>`,
  es: (x) => `<p>En ${x.city}, <strong>${x.title}</strong> convierte un lugar olvidado en un espacio vivo.</p><p>Materiales locales, luz natural y espacios compartidos.</p><ul><li>Entrega: ${x.year}</li><li>Superficie: ${x.area} m²</li></ul>`,
  de: (x) => `<p>In ${x.city} verwandelt <strong>${x.title}</strong> einen vergessenen Ort in einen lebendigen Raum.</p><p>Regionale Materialien, Tageslicht und gemeinsame Räume.</p><ul><li>Fertigstellung: ${x.year}</li><li>Fläche: ${x.area} m²</li></ul>`,
  it: (x) => `<p>A ${x.city}, <strong>${x.title}</strong> trasforma un luogo dimenticato in uno spazio vivo.</p><p>Materiali locali, luce naturale e spazi condivisi.</p><ul><li>Consegna: ${x.year}</li><li>Superficie: ${x.area} m²</li></ul>`,
  pt: (x) => `<p>Em ${x.city}, <strong>${x.title}</strong> transforma um lugar esquecido num espaço vivo.</p><p>Materiais locais, luz natural e espaços partilhados.</p><ul><li>Entrega: ${x.year}</li><li>Área: ${x.area} m²</li></ul>`,
};
