// The payment page: loads the card drop-in island (its own chunk, named by data-island-src, so no other
// page downloads React) and mounts it in place of the plain form, fed from the JSON page data.
export interface PaymentIslandModule {
  mount(element: HTMLElement, dataElement: HTMLScriptElement): void;
}

export function bind(root: Element): void {
  const elements = root.matches('[data-payment]') ? [root] : [...root.querySelectorAll('[data-payment]')];
  for (const element of elements as HTMLElement[]) {
    const source = element.dataset.islandSrc;
    const data = document.getElementById('payment-data');
    if (!source || !(data instanceof HTMLScriptElement) || element.dataset.paymentMounted) continue;
    element.dataset.paymentMounted = 'loading';
    import(/* @vite-ignore */ source).then(
      (island: PaymentIslandModule) => {
        island.mount(element, data);
        element.dataset.paymentMounted = 'true';
      },
      () => {
        // The plain form stays: it pays without the island.
        delete element.dataset.paymentMounted;
      },
    );
  }
}
