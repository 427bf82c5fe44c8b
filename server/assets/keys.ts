import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Unguessable picture and file addresses (issue 28). Asset ids count up, so an address made of the id
// and a name alone let anyone fetch every uploaded file, published or not, by counting. Every address
// the server writes carries `?key=`, a keyed hash of the asset id (96 bits): a page, a feed, a widget,
// a preview and the back office show working addresses, and a visitor who counts ids without a key gets
// a 404. The key depends on the id only, so a renamed asset keeps it. The catalog's pictures (products,
// categories, brands) answer without a key too: the spec lets the search box build
// {app}/assets/{AssetId}/80x80/{AssetName} itself (docs/asset-library.md).

/** The secret the keys are hashed with: the app's (createApp) or, before it is set, a random one. */
let secret: Buffer = randomBytes(32);

/** Called once by createApp: every instance sharing SESSION_SECRET writes and accepts the same keys. */
export function useAssetKeySecret(value: string): void {
  secret = createHmac('sha256', value).update('asset-keys').digest();
}

/** The asset's key: 16 base64url characters. */
export function assetKey(assetId: number): string {
  return createHmac('sha256', secret).update(`asset:${assetId}`).digest('base64url').slice(0, 16);
}

/** The `?key=` query an address of this asset ends with. */
export const assetKeyQuery = (assetId: number): string => `?key=${assetKey(assetId)}`;

/** Whether `given` (the request's `key`) is this asset's key, compared in constant time. */
export function isAssetKey(assetId: number, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(assetKey(assetId));
  const bytes = Buffer.from(given);
  return bytes.length === expected.length && timingSafeEqual(expected, bytes);
}
