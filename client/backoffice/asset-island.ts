// The asset library island on back-office pages swapped in by htmx: the <script> that names it
// (views/partials/backoffice/asset-island-script.ejs) is not run by htmx (allowScriptTags is off), so
// the first swapped-in page that names it imports it here. Once loaded, the island binds every later
// swap itself (its htmx:load listener); a second import of the same address runs nothing again.
let requested = false;

export function loadAssetIsland(root: ParentNode): void {
  if (requested) return;
  const script = root.querySelector<HTMLScriptElement>('script[data-asset-island]');
  if (!script?.src) return;
  requested = true;
  import(/* @vite-ignore */ script.src).catch((error: unknown) => {
    requested = false;
    console.error(error);
  });
}
