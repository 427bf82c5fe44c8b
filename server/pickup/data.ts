import type { Db } from '../db';
import type { PaymentTables } from '../payments/tables';

/** The pickup_points table's reads: the built-in 'static' carrier's points (carriers.ts turns rows into points). */
export type PointRow = PaymentTables['pickup_points'] & { id: number };

/** Every static point of a country (ISO code), for the carrier to measure. */
export async function staticPointsOfCountry(db: Db, { countryCode }: { countryCode: string }): Promise<PointRow[]> {
  return (await db.selectFrom('pickup_points').selectAll().where('carrier', '=', 'static').where('country_id', '=', countryCode.toUpperCase()).execute()) as PointRow[];
}

/** One static point by its public id (PublicAccessPointID) or by our id (PickupPointId), or undefined. */
export async function findStaticPoint(db: Db, where: { publicId: string } | { id: number }): Promise<PointRow | undefined> {
  const query = db.selectFrom('pickup_points').selectAll().where('carrier', '=', 'static');
  const found = 'id' in where ? query.where('id', '=', where.id) : query.where('public_access_point_id', '=', where.publicId);
  return (await found.executeTakeFirst()) as PointRow | undefined;
}
