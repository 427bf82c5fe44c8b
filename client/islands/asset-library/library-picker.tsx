// Choosing an asset already in the library for a widget: a modal with the folder tree and the open
// folder's assets (the assetsbyfolder fragment, loaded into the pane the tree marks); each asset gets a
// Choose button, which hands its fields (the fragment's data-asset JSON) to the widget.
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { type Asset, assetsByFolderUrl, pageContext } from './api';
import { text, type Texts } from './config';
import { FolderTree } from './folder-tree';
import { Modal } from './modal';

interface PickerProps {
  texts: Texts;
  onPick(asset: Asset): void;
  onClose(): void;
}

/** Adds a Choose button to each asset of the fragment the pane holds (the fragment's own forms are hidden by CSS). */
function addChooseButtons(pane: HTMLElement, label: string): void {
  for (const item of pane.querySelectorAll<HTMLElement>('li[data-asset]')) {
    if (item.querySelector('[data-asset-pick]')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button button-primary';
    button.dataset.assetPick = '';
    button.textContent = label;
    item.append(button);
  }
}

export function LibraryPicker({ texts, onPick, onClose }: PickerProps) {
  const pane = useRef<HTMLDivElement>(null);
  const [host, setHost] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    const element = pane.current;
    if (!element) return undefined;
    const observer = new MutationObserver(() => addChooseButtons(element, text(texts, 'Choose')));
    observer.observe(element, { childList: true, subtree: true });
    fetch(assetsByFolderUrl(pageContext(), null, null), { headers: { Accept: 'text/html', 'HX-Request': 'true' }, credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : ''))
      .then((html) => {
        if (html && element.childElementCount === 0) element.innerHTML = html;
      }, () => undefined);
    return () => observer.disconnect();
  }, []);

  function pick(event: MouseEvent) {
    const button = (event.target as Element).closest('[data-asset-pick]');
    const item = button?.closest<HTMLElement>('li[data-asset]');
    if (!item?.dataset.asset) return;
    onPick(JSON.parse(item.dataset.asset) as Asset);
  }

  const config = { rootFolderId: null, folderId: null, openDepth: 1, texts, target: () => pane.current };
  return (
    <Modal title={text(texts, 'ChooseFromLibrary')} closeLabel={text(texts, 'Close')} onClose={onClose} className="modal-lg asset-picker">
      <div className="asset-picker-body">
        <div className="asset-picker-tree" ref={setHost}>{host ? <FolderTree config={config} element={host} /> : null}</div>
        <div className="asset-picker-assets" ref={pane} onClick={pick} data-asset-picker-pane />
      </div>
    </Modal>
  );
}
