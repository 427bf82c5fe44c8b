// The site furniture's behaviours as one chunk, bound by [data-furniture] (the layout's popup, banners
// and info bar: views/partials/popups): popups and banners (./popups.ts), the info bar (./info-bar.ts).
import * as infoBar from './info-bar';
import * as popups from './popups';

export function start(): void {
  popups.start();
  infoBar.start();
}

export function bind(root: Element): void {
  popups.bind(root);
  infoBar.bind(root);
}
