import type { Db } from '../index';

type Point = [id: string, name: string, address: string, postCode: string, city: string, country: string, phone: string, lat: number, lng: number, type: 'Shop' | 'Locker'];

// Real city centres; the shops are made up. Coordinates in degrees (stored as micro-degrees).
const POINTS: Point[] = [
  ['FR-PAR-001', 'Tabac de la Bourse', '12 Rue Vivienne', '75002', 'Paris', 'FR', '+33 1 42 60 12 34', 48.8683, 2.3397, 'Shop'],
  ['FR-PAR-002', 'Librairie du Marais', '38 Rue de Turenne', '75003', 'Paris', 'FR', '+33 1 42 72 45 10', 48.8597, 2.3641, 'Shop'],
  ['FR-PAR-003', 'Consigne Gare de Lyon', 'Place Louis-Armand', '75012', 'Paris', 'FR', '', 48.8443, 2.3744, 'Locker'],
  ['FR-PAR-004', 'Pressing Montparnasse', '21 Rue du Départ', '75014', 'Paris', 'FR', '+33 1 43 20 55 61', 48.8421, 2.3219, 'Shop'],
  ['FR-LYS-001', 'Épicerie des Terreaux', '5 Rue d’Algérie', '69001', 'Lyon', 'FR', '+33 4 78 28 11 02', 45.7679, 4.8325, 'Shop'],
  ['FR-LYS-002', 'Consigne Part-Dieu', '5 Place Charles Béraudier', '69003', 'Lyon', 'FR', '', 45.7606, 4.8594, 'Locker'],
  ['FR-LIL-001', 'Papeterie du Vieux-Lille', '14 Rue de la Monnaie', '59800', 'Lille', 'FR', '+33 3 20 55 32 17', 50.6402, 3.0630, 'Shop'],
  ['FR-LIL-002', 'Relais Flandres', '1 Place des Buisses', '59800', 'Lille', 'FR', '+33 3 20 06 44 90', 50.6366, 3.0707, 'Shop'],
  ['FR-MRS-001', 'Bazar du Vieux-Port', '9 Quai du Port', '13002', 'Marseille', 'FR', '+33 4 91 90 21 33', 43.2962, 5.3690, 'Shop'],
  ['FR-BOD-001', 'Presse Sainte-Catherine', '63 Rue Sainte-Catherine', '33000', 'Bordeaux', 'FR', '+33 5 56 44 18 72', 44.8378, -0.5732, 'Shop'],
  ['BE-BRU-001', 'Librairie Sablon', '22 Rue de Rollebeek', '1000', 'Bruxelles', 'BE', '+32 2 511 43 20', 50.8412, 4.3530, 'Shop'],
  ['BE-BRU-002', 'Night Shop Grand-Place', '7 Rue au Beurre', '1000', 'Bruxelles', 'BE', '+32 2 512 08 66', 50.8474, 4.3523, 'Shop'],
  ['BE-BRU-003', 'Casier Gare Centrale', 'Carrefour de l’Europe 2', '1000', 'Bruxelles', 'BE', '', 50.8456, 4.3571, 'Locker'],
  ['BE-ANR-001', 'Dagbladhandel Groenplaats', 'Groenplaats 17', '2000', 'Antwerpen', 'BE', '+32 3 232 71 45', 51.2194, 4.4010, 'Shop'],
  ['BE-GNE-001', 'Boekhandel Korenmarkt', 'Korenmarkt 8', '9000', 'Gent', 'BE', '+32 9 225 30 12', 51.0546, 3.7216, 'Shop'],
  ['BE-LGG-001', 'Librairie du Carré', 'Rue du Pot d’Or 15', '4000', 'Liège', 'BE', '+32 4 222 19 87', 50.6419, 5.5706, 'Shop'],
  ['NL-AMS-001', 'Tabakszaak Dam', 'Damstraat 12', '1012 JM', 'Amsterdam', 'NL', '+31 20 624 18 55', 52.3722, 4.8955, 'Shop'],
  ['NL-AMS-002', 'Boekwinkel Jordaan', 'Westerstraat 61', '1015 LW', 'Amsterdam', 'NL', '+31 20 626 70 31', 52.3781, 4.8830, 'Shop'],
  ['NL-AMS-003', 'Pakketautomaat Centraal', 'Stationsplein 9', '1012 AB', 'Amsterdam', 'NL', '', 52.3785, 4.9001, 'Locker'],
  ['NL-RTM-001', 'Gemakswinkel Binnenrotte', 'Binnenrotte 130', '3011 HC', 'Rotterdam', 'NL', '+31 10 411 82 20', 51.9210, 4.4880, 'Shop'],
  ['NL-UTC-001', 'Kantoorboekhandel Oudegracht', 'Oudegracht 158', '3511 AZ', 'Utrecht', 'NL', '+31 30 231 44 09', 52.0907, 5.1200, 'Shop'],
  ['NL-HAG-001', 'Drogisterij Plein', 'Plein 21', '2511 CS', 'Den Haag', 'NL', '+31 70 346 29 77', 52.0799, 4.3134, 'Shop'],
  ['DE-BER-001', 'Späti am Hackeschen Markt', 'Rosenthaler Straße 40', '10178', 'Berlin', 'DE', '+49 30 2804 3311', 52.5244, 13.4021, 'Shop'],
  ['DE-BER-002', 'Schreibwaren Kreuzberg', 'Oranienstraße 185', '10999', 'Berlin', 'DE', '+49 30 6140 2290', 52.5011, 13.4195, 'Shop'],
  ['DE-BER-003', 'Packstation Alexanderplatz', 'Alexanderplatz 7', '10178', 'Berlin', 'DE', '', 52.5219, 13.4132, 'Locker'],
  ['DE-MUC-001', 'Kiosk am Viktualienmarkt', 'Viktualienmarkt 3', '80331', 'München', 'DE', '+49 89 2323 5510', 48.1351, 11.5763, 'Shop'],
  ['DE-MUC-002', 'Buchladen Schwabing', 'Leopoldstraße 44', '80802', 'München', 'DE', '+49 89 3838 1207', 48.1620, 11.5860, 'Shop'],
  ['DE-HAM-001', 'Tabakwaren Jungfernstieg', 'Jungfernstieg 16', '20354', 'Hamburg', 'DE', '+49 40 3571 6620', 53.5531, 9.9925, 'Shop'],
  ['DE-CGN-001', 'Lottoannahme Domplatte', 'Hohe Straße 160', '50667', 'Köln', 'DE', '+49 221 2578 114', 50.9394, 6.9563, 'Shop'],
  ['DE-FRA-001', 'Zeitschriften Römerberg', 'Braubachstraße 10', '60311', 'Frankfurt am Main', 'DE', '+49 69 2199 4410', 50.1115, 8.6830, 'Shop'],
];

const SHOP_HOURS = 'Monday 09:00-19:00;Tuesday 09:00-19:00;Wednesday 09:00-19:00;Thursday 09:00-19:00;Friday 09:00-19:00;Saturday 09:00-17:00;Sunday closed';
const LOCKER_HOURS = 'Monday 00:00-24:00;Tuesday 00:00-24:00;Wednesday 00:00-24:00;Thursday 00:00-24:00;Friday 00:00-24:00;Saturday 00:00-24:00;Sunday 00:00-24:00';

/** Pickup points of the built-in static carrier: 30 points in FR, BE, NL and DE city centres. */
export async function seedPickupPoints(db: Db): Promise<void> {
  const rows = POINTS.map(([id, name, address, postCode, city, country, phone, lat, lng, type], index) => ({
    carrier: 'static',
    public_access_point_id: id,
    consignee_name: name,
    address,
    post_code: postCode,
    city,
    country_id: country,
    phone_number: phone,
    latitude: Math.round(lat * 1_000_000),
    longitude: Math.round(lng * 1_000_000),
    image_url: '',
    comments: type === 'Locker' ? 'Parcel locker: the code arrives by email.' : '',
    standard_hours_of_operation: type === 'Locker' ? LOCKER_HOURS : SHOP_HOURS,
    informations: type === 'Locker' ? 'Parcels up to 20 kg, 60 x 40 x 40 cm.' : 'Parcels up to 20 kg; bring an identity document.',
    latest_air_drop_off_time: type === 'Locker' ? '20:00' : '16:00',
    additional_charge_indicator: 'N',
    special_instructions: index % 3 === 0 ? 'Wheelchair accessible.' : '',
    additional_comments: '',
    pickup_point_type: type,
  }));
  await db.insertInto('pickup_points').values(rows).execute();
}
