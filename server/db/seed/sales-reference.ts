import type { Transaction } from 'kysely';
import type { Database } from '../schema';

type Names = [fr: string, nl: string, es: string, de: string, it: string, pt: string];
const cultures = ['fr', 'nl', 'es', 'de', 'it', 'pt'] as const;

/** Standard VAT rates (basis points) in force in 2026. */
const countries: { code: string; vatRateBp: number; isEu: boolean; names: Names; cities: [postalCode: string, name: string][] }[] = [
  { code: 'FR', vatRateBp: 2000, isEu: true, names: ['France', 'Frankrijk', 'Francia', 'Frankreich', 'Francia', 'França'],
    cities: [['75001', 'Paris'], ['69001', 'Lyon'], ['13001', 'Marseille'], ['31000', 'Toulouse'], ['59000', 'Lille'], ['33000', 'Bordeaux']] },
  { code: 'BE', vatRateBp: 2100, isEu: true, names: ['Belgique', 'België', 'Bélgica', 'Belgien', 'Belgio', 'Bélgica'],
    cities: [['1000', 'Bruxelles'], ['2000', 'Antwerpen'], ['9000', 'Gent'], ['4000', 'Liège'], ['8000', 'Brugge']] },
  { code: 'NL', vatRateBp: 2100, isEu: true, names: ['Pays-Bas', 'Nederland', 'Países Bajos', 'Niederlande', 'Paesi Bassi', 'Países Baixos'],
    cities: [['1011', 'Amsterdam'], ['3011', 'Rotterdam'], ['2511', 'Den Haag'], ['3511', 'Utrecht']] },
  { code: 'DE', vatRateBp: 1900, isEu: true, names: ['Allemagne', 'Duitsland', 'Alemania', 'Deutschland', 'Germania', 'Alemanha'],
    cities: [['10115', 'Berlin'], ['20095', 'Hamburg'], ['80331', 'München'], ['50667', 'Köln']] },
  { code: 'ES', vatRateBp: 2100, isEu: true, names: ['Espagne', 'Spanje', 'España', 'Spanien', 'Spagna', 'Espanha'],
    cities: [['28001', 'Madrid'], ['08001', 'Barcelona'], ['46001', 'Valencia'], ['41001', 'Sevilla']] },
  { code: 'IT', vatRateBp: 2200, isEu: true, names: ['Italie', 'Italië', 'Italia', 'Italien', 'Italia', 'Itália'],
    cities: [['00118', 'Roma'], ['20121', 'Milano'], ['80121', 'Napoli'], ['10121', 'Torino']] },
  { code: 'PT', vatRateBp: 2300, isEu: true, names: ['Portugal', 'Portugal', 'Portugal', 'Portugal', 'Portogallo', 'Portugal'],
    cities: [['1100-148', 'Lisboa'], ['4000-322', 'Porto'], ['3000-143', 'Coimbra'], ['4700-435', 'Braga']] },
  { code: 'LU', vatRateBp: 1700, isEu: true, names: ['Luxembourg', 'Luxemburg', 'Luxemburgo', 'Luxemburg', 'Lussemburgo', 'Luxemburgo'],
    cities: [['1111', 'Luxembourg'], ['4001', 'Esch-sur-Alzette'], ['4501', 'Differdange']] },
  { code: 'AT', vatRateBp: 2000, isEu: true, names: ['Autriche', 'Oostenrijk', 'Austria', 'Österreich', 'Austria', 'Áustria'],
    cities: [['1010', 'Wien'], ['8010', 'Graz'], ['4020', 'Linz'], ['5020', 'Salzburg']] },
  { code: 'CH', vatRateBp: 810, isEu: false, names: ['Suisse', 'Zwitserland', 'Suiza', 'Schweiz', 'Svizzera', 'Suíça'],
    cities: [['8001', 'Zürich'], ['1201', 'Genève'], ['3011', 'Bern'], ['4001', 'Basel'], ['1003', 'Lausanne']] },
  { code: 'GB', vatRateBp: 2000, isEu: false, names: ['Royaume-Uni', 'Verenigd Koninkrijk', 'Reino Unido', 'Vereinigtes Königreich', 'Regno Unito', 'Reino Unido'],
    cities: [['EC1A 1BB', 'London'], ['M1 1AE', 'Manchester'], ['B1 1AA', 'Birmingham'], ['EH1 1YZ', 'Edinburgh']] },
];

/** Prices in EUR, tax-excl shown at the French rate; the cart derives tax-excl from the destination's rate. */
const shippingMethods: { code: string; carrier: 'none' | 'static'; inclCents: number; exclCents: number; freeFromCents: number | null; names: Names; countries?: string[] }[] = [
  { code: 'standard', carrier: 'none', inclCents: 590, exclCents: 492, freeFromCents: 10000,
    names: ['Livraison standard', 'Standaardlevering', 'Envío estándar', 'Standardversand', 'Spedizione standard', 'Envio normal'] },
  { code: 'express', carrier: 'none', inclCents: 1290, exclCents: 1075, freeFromCents: null,
    names: ['Livraison express', 'Expreslevering', 'Envío exprés', 'Expressversand', 'Spedizione espressa', 'Envio expresso'] },
  { code: 'pickup-point', carrier: 'static', inclCents: 390, exclCents: 325, freeFromCents: 6000,
    names: ['Livraison en point relais', 'Levering naar afhaalpunt', 'Entrega en punto de recogida', 'Lieferung an Abholstation', 'Consegna al punto di ritiro', 'Entrega em ponto de recolha'],
    countries: ['FR', 'BE', 'NL', 'LU', 'DE', 'ES', 'IT', 'PT', 'AT'] },
];

/** Countries with VAT rates and names in the six cultures, shipping methods and where they go, cities. */
export async function seedSalesReference(tx: Transaction<Database>): Promise<void> {
  const countryIds = new Map<string, number>();
  for (const [position, country] of countries.entries()) {
    const { id } = await tx
      .insertInto('countries')
      .values({ code: country.code, vat_rate_bp: country.vatRateBp, is_eu: country.isEu ? 1 : 0, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    countryIds.set(country.code, id);
    await tx
      .insertInto('country_translations')
      .values(cultures.map((culture, index) => ({ country_id: id, culture, name: country.names[index] })))
      .execute();
    await tx
      .insertInto('cities')
      .values(country.cities.map(([postalCode, name]) => ({ country_id: id, postal_code: postalCode, name })))
      .execute();
  }
  for (const [position, method] of shippingMethods.entries()) {
    const { id } = await tx
      .insertInto('shipping_methods')
      .values({
        code: method.code,
        carrier: method.carrier,
        price_incl_cents: method.inclCents,
        price_excl_cents: method.exclCents,
        currency: 'EUR',
        free_from_cents: method.freeFromCents,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('shipping_method_translations')
      .values(cultures.map((culture, index) => ({ shipping_method_id: id, culture, name: method.names[index], description: '' })))
      .execute();
    const served = method.countries ?? countries.map((country) => country.code);
    await tx
      .insertInto('shipping_method_countries')
      .values(served.map((code) => ({ shipping_method_id: id, country_id: countryIds.get(code)! })))
      .execute();
  }
}
