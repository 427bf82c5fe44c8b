// A back-office save that came too late answers 409 with the form again: the editor's own values and the
// conflict notice (server/backoffice/revisions.ts VersionConflict). htmx swaps no 4xx/5xx by the site's
// settings (the shell then shows its error modal); in the back office this one answer is the page to show.
interface SwapDetail {
  xhr: XMLHttpRequest;
  elt: Element;
  shouldSwap: boolean;
  isError: boolean;
}

export function showConflicts(): void {
  document.addEventListener('htmx:beforeSwap', (event) => {
    const detail = (event as CustomEvent<SwapDetail>).detail;
    if (detail.xhr.status !== 409 || !detail.elt.closest('.backoffice')) return;
    detail.shouldSwap = true;
    detail.isError = false;
  });
}
