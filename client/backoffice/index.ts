// The back office's own script: a separate esbuild entry (manifest name 'backoffice'), loaded by the
// layout only when res.locals.backOffice is set, so none of it reaches visitors' pages. Everything here
// is an extra over forms that work without it.
import { loadAssetIsland } from './asset-island';
import { bindSlugs } from './slugs';
import { watchUnsavedForms } from './unsaved';

function bind(root: ParentNode): void {
  bindSlugs(root);
  watchUnsavedForms(root);
  loadAssetIsland(root);
}

bind(document);
// Back-office pages swapped in by htmx (boosted links and forms) get the same behaviours.
document.addEventListener('htmx:load', (event) => bind(event.target as Element));
