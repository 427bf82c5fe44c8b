import { detailSvg, imageSize, productSvg, spinFrameSvg } from './catalog-images';
import type { ProductDraft } from './catalog-products';
import { type Random, slugify } from './catalog-random';
import type { CatalogContext } from './catalog-reference';
import type { RowBundle } from './catalog-rows';

export const spinFrames = 24;

const title = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * 2 to 5 photos: the product in each colour (tied to that colour's value when colour is a variation),
 * close-ups of the material in those colours, and a scene shared by its type; every 80th product
 * also gets a 24-frame 360° set.
 */
export function planImages(
  context: CatalogContext,
  bundle: RowBundle,
  draft: ProductDraft,
  options: { perProduct: boolean; materialCode: string; random: Random },
): void {
  const { assets } = context;
  const photos: { assetId: number; valueId: number | null }[] = [];
  const valueOf = (code: string) => (draft.varies ? context.valueIds.get(`colour:${code}`)! : null);
  for (const colour of draft.colours) {
    const draw = (name: string, caption: string) => ({
      name: `${slugify(name)}-${colour.code}.jpg`,
      content: productSvg({ silhouette: draft.type.silhouette, hex: colour.hex, caption: title(caption) }),
      width: imageSize,
      height: imageSize,
    });
    const assetId = options.perProduct
      ? assets.add(bundle.assets, draw(draft.englishName, draft.englishName))
      : assets.use(bundle.assets, `front:${draft.typeKey}:${colour.code}`, () => draw(draft.type.en, draft.type.en));
    photos.push({ assetId, valueId: valueOf(colour.code) });
  }
  const withScene = draft.colours.length > 1 || options.random.chance(0.5);
  for (const colour of draft.colours) {
    if (photos.length + (withScene ? 1 : 0) >= 5) break;
    const assetId = assets.use(bundle.assets, `detail:${options.materialCode}:${colour.code}`, () => ({
      name: `${options.materialCode}-${colour.code}-detail.jpg`,
      content: detailSvg({ hex: colour.hex, caption: title(`${options.materialCode}, ${colour.en}`) }),
      width: imageSize,
      height: imageSize,
    }));
    photos.push({ assetId, valueId: valueOf(colour.code) });
  }
  if (withScene) photos.push({ assetId: assets.use(bundle.assets, `scene:${draft.typeKey}`, missingScene), valueId: null });
  photos.forEach((photo, position) =>
    bundle.images.push({ id: context.ids.take('product_images'), product_id: draft.id, value_id: photo.valueId, asset_id: photo.assetId, kind: 'photo', position }),
  );
  if (options.perProduct && draft.index % 80 === 5) addSpin(context, bundle, draft);
}

function addSpin(context: CatalogContext, bundle: RowBundle, draft: ProductDraft): void {
  const colour = draft.colours[0];
  for (let frame = 0; frame < spinFrames; frame++) {
    const assetId = context.assets.add(bundle.assets, {
      name: `${slugify(draft.englishName)}-360-${String(frame + 1).padStart(2, '0')}.jpg`,
      content: spinFrameSvg({ silhouette: draft.type.silhouette, hex: colour.hex, frame, frames: spinFrames }),
      width: imageSize,
      height: imageSize,
    });
    bundle.images.push({ id: context.ids.take('product_images'), product_id: draft.id, value_id: null, asset_id: assetId, kind: 'spin', position: frame });
  }
}

function missingScene(): never {
  throw new Error('Scene assets are drawn with the reference data');
}
