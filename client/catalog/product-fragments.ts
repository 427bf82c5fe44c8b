// The product page's fragments (gallery, stock by warehouse, customer reference, tier table) fetched
// again for a newly chosen variant and swapped in, so behaviours bind on them as on a first load.
import { htmx, request } from '../shell/api';

const FRAGMENTS = ['ProductPhotosGallery', 'StockByWarehouse', 'CustomerReferenceUpdate', 'DegressivePrice'];

function fragmentQuery(name: string, element: HTMLElement, productId: number, variantId: number): string {
  const query = new URLSearchParams({ productVariantId: String(variantId) });
  if (name !== 'DegressivePrice' && name !== 'CustomerReferenceUpdate') query.set('productId', String(productId));
  if (name === 'StockByWarehouse') query.set('displayAllActiveWarehouses', element.dataset.allActive ?? 'true');
  return query.toString();
}

async function refreshOne(base: string, element: HTMLElement, productId: number, variantId: number, signal: AbortSignal): Promise<void> {
  const name = element.dataset.fragment ?? '';
  const response = await request(`${base}/${name}?${fragmentQuery(name, element, productId, variantId)}`, { signal });
  const html = await response.text();
  if (!signal.aborted && element.isConnected) htmx.swap(element, html, { swapStyle: 'outerHTML', swapDelay: 0, settleDelay: 0 });
}

/** Fetches every fragment of the page for the variant; a later choice aborts the ones still on their way. */
export async function refreshFragments(scope: Element, base: string, productId: number, variantId: number, signal: AbortSignal): Promise<void> {
  const elements = FRAGMENTS.map((name) => scope.querySelector<HTMLElement>(`[data-fragment="${name}"]`)).filter(
    (element): element is HTMLElement => element !== null && element.dataset.variantId !== String(variantId),
  );
  await Promise.all(elements.map((element) => refreshOne(base, element, productId, variantId, signal)));
}
