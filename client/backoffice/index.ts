// The back office's own script: a separate esbuild entry (manifest name 'backoffice'), loaded by the
// layout only when res.locals.backOffice is set, so none of it reaches visitors' pages. Everything here
// is an extra over forms that work without it.
import { loadAssetIsland } from './asset-island';
import { showConflicts } from './conflicts';
import { watchUnsavedForms } from './unsaved';

showConflicts();
watchUnsavedForms(document);
// Back-office pages swapped in by htmx (boosted links and forms) get the same behaviour.
document.addEventListener('htmx:load', (event) => {
  watchUnsavedForms(event.target as Element);
  // A page first reached by an htmx swap names the asset island without running its script tag.
  loadAssetIsland(event.target as Element);
});
