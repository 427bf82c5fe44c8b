import type { Culture } from '../../config';

type ByCulture = Record<Culture, string>;

export interface SeedPage {
  key: string;
  slug: string;
  isHome?: boolean;
  title: ByCulture;
  summary: ByCulture;
  body: ByCulture;
}

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join('\n');

export const pages: SeedPage[] = [
  {
    key: 'home',
    slug: '',
    isHome: true,
    title: { fr: 'Accueil', nl: 'Home', es: 'Inicio', de: 'Startseite', it: 'Home', pt: 'Início' },
    summary: {
      fr: 'Des objets durables pour la maison, livrés partout en Europe.',
      nl: 'Duurzame spullen voor thuis, geleverd in heel Europa.',
      es: 'Objetos duraderos para el hogar, enviados a toda Europa.',
      de: 'Langlebige Dinge für Ihr Zuhause, geliefert in ganz Europa.',
      it: 'Oggetti durevoli per la casa, consegnati in tutta Europa.',
      pt: 'Objetos duradouros para a casa, entregues em toda a Europa.',
    },
    body: {
      fr: paragraphs('Bienvenue dans notre boutique.', 'Découvrez nos nouveautés et nos projets.'),
      nl: paragraphs('Welkom in onze winkel.', 'Ontdek onze nieuwigheden en projecten.'),
      es: paragraphs('Bienvenido a nuestra tienda.', 'Descubra nuestras novedades y proyectos.'),
      de: paragraphs('Willkommen in unserem Shop.', 'Entdecken Sie unsere Neuheiten und Projekte.'),
      it: paragraphs('Benvenuti nel nostro negozio.', 'Scoprite le nostre novità e i nostri progetti.'),
      pt: paragraphs('Bem-vindo à nossa loja.', 'Descubra as nossas novidades e projetos.'),
    },
  },
  {
    key: 'about',
    slug: 'about',
    title: { fr: 'À propos', nl: 'Over ons', es: 'Quiénes somos', de: 'Über uns', it: 'Chi siamo', pt: 'Sobre nós' },
    summary: {
      fr: 'Une entreprise familiale depuis 1987.',
      nl: 'Een familiebedrijf sinds 1987.',
      es: 'Una empresa familiar desde 1987.',
      de: 'Ein Familienunternehmen seit 1987.',
      it: "Un'azienda di famiglia dal 1987.",
      pt: 'Uma empresa familiar desde 1987.',
    },
    body: {
      fr: paragraphs('Nous sélectionnons chaque produit avec soin.', '<a href="#team">Notre équipe</a>') + '\n<h2 id="team">Notre équipe</h2>',
      nl: paragraphs('Wij selecteren elk product met zorg.', '<a href="#team">Ons team</a>') + '\n<h2 id="team">Ons team</h2>',
      es: paragraphs('Seleccionamos cada producto con cuidado.', '<a href="#team">Nuestro equipo</a>') + '\n<h2 id="team">Nuestro equipo</h2>',
      de: paragraphs('Wir wählen jedes Produkt sorgfältig aus.', '<a href="#team">Unser Team</a>') + '\n<h2 id="team">Unser Team</h2>',
      it: paragraphs('Selezioniamo ogni prodotto con cura.', '<a href="#team">Il nostro team</a>') + '\n<h2 id="team">Il nostro team</h2>',
      pt: paragraphs('Selecionamos cada produto com cuidado.', '<a href="#team">A nossa equipa</a>') + '\n<h2 id="team">A nossa equipa</h2>',
    },
  },
  {
    key: 'legal',
    slug: 'legal',
    title: { fr: 'Mentions légales', nl: 'Juridische informatie', es: 'Aviso legal', de: 'Impressum', it: 'Note legali', pt: 'Informação legal' },
    summary: {
      fr: 'Éditeur, hébergeur et conditions générales.',
      nl: 'Uitgever, hosting en algemene voorwaarden.',
      es: 'Editor, alojamiento y condiciones generales.',
      de: 'Herausgeber, Hosting und allgemeine Geschäftsbedingungen.',
      it: 'Editore, hosting e condizioni generali.',
      pt: 'Editor, alojamento e condições gerais.',
    },
    body: {
      fr: paragraphs('Storefront SA, 1 rue du Commerce, 75001 Paris.', 'TVA FR00123456789.'),
      nl: paragraphs('Storefront NV, Handelsstraat 1, 1000 Brussel.', 'Btw BE0123456789.'),
      es: paragraphs('Storefront SA, Calle del Comercio 1, 28001 Madrid.', 'IVA ESA12345678.'),
      de: paragraphs('Storefront GmbH, Handelsstraße 1, 10115 Berlin.', 'USt-IdNr. DE123456789.'),
      it: paragraphs('Storefront Srl, Via del Commercio 1, 00100 Roma.', 'P.IVA IT01234567890.'),
      pt: paragraphs('Storefront Lda, Rua do Comércio 1, 1100-001 Lisboa.', 'NIF PT123456789.'),
    },
  },
  {
    key: 'contact',
    slug: 'contact',
    title: { fr: 'Contact', nl: 'Contact', es: 'Contacto', de: 'Kontakt', it: 'Contatti', pt: 'Contacto' },
    summary: {
      fr: 'Écrivez-nous ou appelez-nous.',
      nl: 'Schrijf of bel ons.',
      es: 'Escríbanos o llámenos.',
      de: 'Schreiben Sie uns oder rufen Sie an.',
      it: 'Scriveteci o chiamateci.',
      pt: 'Escreva-nos ou ligue-nos.',
    },
    body: Object.fromEntries(
      (['fr', 'nl', 'es', 'de', 'it', 'pt'] as const).map((culture) => [
        culture,
        paragraphs('<a href="mailto:shop@example.com">shop@example.com</a>', '<a href="tel:+3210000000">+32 10 00 00 00</a>'),
      ]),
    ) as ByCulture,
  },
];
