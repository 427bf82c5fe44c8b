// The asset library's island (one esbuild entry, loaded by back-office pages only: the asset field
// partial and the asset library page name its script): mounts the widgets on the back-office asset
// fields ([data-asset-field], views/partials/backoffice/asset-field.ejs), the library page on
// #asset-library and a lone folder tree on [data-folder-tree], at load and on every htmx swap.
import 'cropperjs/dist/cropper.css';
import './asset-library.css';
import { createRoot } from 'react-dom/client';
import { pageContext } from './api';
import { type Texts, widgetConfig } from './config';
import { FolderTree } from './folder-tree';
import { LibraryPage } from './library-page';
import { MultiWidget } from './multi-widget';
import { SingleWidget } from './single-widget';

const mounted = new WeakSet<Element>();

function island(element: HTMLElement): HTMLElement {
  const root = document.createElement('div');
  root.className = 'asset-island-root';
  element.append(root);
  return root;
}

/** element: the widget's settings ([data-asset-widget], views/partials/backoffice/asset-widget.ejs) in its asset field. */
function mountWidget(element: HTMLElement): void {
  const config = widgetConfig(element);
  const field = element.closest<HTMLElement>('[data-asset-field]') ?? element;
  const name = field.dataset.assetFieldName ?? element.dataset.fieldName ?? '';
  const input = [...field.querySelectorAll<HTMLInputElement>('input[name]')].find((candidate) => candidate.name === name) ?? null;
  // The plain id field stays in the form, carrying the widget's answer; its label names the file chooser.
  if (input) {
    config.fileInputId = input.id || undefined;
    input.removeAttribute('id');
    input.type = 'hidden';
  }
  field.classList.add('asset-field-enhanced');
  const widget = config.kind === 'multiple' ? <MultiWidget config={config} input={input} /> : <SingleWidget config={config} input={input} />;
  createRoot(island(field)).render(widget);
}

/** The library page's texts: its data-texts, else the culture's resources (the same locale keys). */
async function libraryTexts(element: HTMLElement): Promise<Texts> {
  if (element.dataset.texts) return JSON.parse(element.dataset.texts) as Texts;
  const { basePath, culture } = pageContext();
  const response = await fetch(`${basePath}/api/v1/localization/${culture}/stringresources`, { credentials: 'same-origin' });
  const tree = (await response.json()) as { AssetsLibrary?: { Widget?: Texts }; Core?: Texts };
  const core = tree.Core ?? {};
  return { ...tree.AssetsLibrary?.Widget, Close: core.Close, ErrorTitle: core.ErrorTitle, UnknownError: core.ErrorServer, SureToDelete: core.SureToDelete };
}

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

async function mountLibrary(element: HTMLElement): Promise<void> {
  const texts = await libraryTexts(element);
  const assets = element.querySelector('#asset-library-assets');
  const config = { folderId: idOf(element.dataset.folderId), rootFolderId: idOf(element.dataset.rootFolderId), accept: element.dataset.accept ?? '', texts, assets: assets ? [assets] : [] };
  // The server's page (tree links, forms) gives way to the island; the folder's assets move into it.
  assets?.remove();
  element.replaceChildren();
  createRoot(element).render(<LibraryPage config={config} element={element} />);
}

function mountTree(element: HTMLElement): void {
  const data = element.dataset;
  const config = {
    rootFolderId: idOf(data.rootFolderId),
    folderId: idOf(data.folderId),
    openDepth: Number(data.openDepth) || 1,
    texts: JSON.parse(data.texts ?? '{}') as Texts,
    target: () => (data.updateTarget ? document.querySelector<HTMLElement>(data.updateTarget) : null),
  };
  createRoot(island(element)).render(<FolderTree config={config} element={element} />);
}

const MOUNTS: [string, (element: HTMLElement) => void | Promise<void>][] = [
  ['[data-asset-widget]', mountWidget],
  ['#asset-library', mountLibrary],
  ['[data-folder-tree]', mountTree],
];

export function bind(root: ParentNode): void {
  for (const [selector, mount] of MOUNTS) {
    const elements = [...(root instanceof Element && root.matches(selector) ? [root] : []), ...root.querySelectorAll<HTMLElement>(selector)];
    for (const element of elements as HTMLElement[]) {
      if (mounted.has(element)) continue;
      mounted.add(element);
      Promise.resolve(mount(element)).catch((error: unknown) => console.error(error));
    }
  }
}

bind(document);
document.addEventListener('htmx:load', (event) => {
  if (event.target instanceof Element) bind(event.target);
});
