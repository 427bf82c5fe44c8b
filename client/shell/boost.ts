// The navigation part of the shell: htmx's CSRF header and error mapping, the link rules and history.
// It comes with htmx in one chunk and starts when that chunk is first evaluated, whoever asked for it:
// the first intent (./loader.ts) or a behaviour that needs htmx (through ./api.ts, which imports it),
// so htmx never runs without the CSRF header, the error mapping and the link rules.
import 'htmx.org';
import { startLinkHandling } from './clicks';
import { startHistory } from './history';
import { configureHtmx } from './htmx-setup';
import { navigate } from './navigation';
import { showAnchor } from './scroll';

function startNavigation(): void {
  configureHtmx();
  startHistory(
    (url, state) => void navigate(url.href, { push: false, disableCache: state.disableCache, scrollTop: state.scrollTop }),
    (hash) => void showAnchor(hash),
  );
  startLinkHandling();
  // From here on links are loaded into the page region (tests and scripts wait for this mark).
  document.documentElement.dataset.navigation = 'boosted';
}

startNavigation();
