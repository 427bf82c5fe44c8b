// The back-office asset library page (docs/asset-library.md, "The back-office page"): the folder tree,
// the open folder's assets (the element the tree loads into; the server's fragment, with its plain
// rename and delete forms) and an upload into the open folder, with its progress and errors.
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { assetsByFolderUrl, pageContext, uploadFiles } from './api';
import { text, type Texts } from './config';
import { useFeedback } from './feedback';
import { CHANGE_FOLDER, type ChangeFolderDetail, FolderTree } from './folder-tree';

export interface LibraryConfig {
  folderId: number | null;
  rootFolderId: number | null;
  accept: string;
  texts: Texts;
  /** The server-rendered assets of the open folder, moved into the island's pane. */
  assets: Node[];
}

export function LibraryPage({ config, element }: { config: LibraryConfig; element: HTMLElement }) {
  const context = pageContext();
  const pane = useRef<HTMLDivElement>(null);
  const [folder, setFolder] = useState<ChangeFolderDetail>({ targetFolderId: config.folderId, rootFolderId: config.rootFolderId });
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback(config.texts);

  useEffect(() => {
    pane.current?.append(...config.assets);
    const listener = (event: Event) => setFolder((event as CustomEvent<ChangeFolderDetail>).detail ?? { targetFolderId: null, rootFolderId: null });
    element.addEventListener(CHANGE_FOLDER, listener);
    return () => element.removeEventListener(CHANGE_FOLDER, listener);
  }, []);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setBusy(true);
    feedback.setProgress(0);
    try {
      const answers = await uploadFiles(context, files, { folderId: folder.targetFolderId, onProgress: feedback.setProgress });
      answers.filter((answer) => answer.Error).forEach((answer) => feedback.showError(answer.name ?? '', answer.Error ?? ''));
      if (answers.some((answer) => !answer.Error)) feedback.say('FileAdded');
      const response = await fetch(assetsByFolderUrl(context, folder.targetFolderId, folder.rootFolderId), { headers: { Accept: 'text/html', 'HX-Request': 'true' }, credentials: 'same-origin' });
      if (response.ok && pane.current) pane.current.innerHTML = await response.text();
    } catch (error) {
      feedback.showCallError(error);
    } finally {
      setBusy(false);
      feedback.setProgress(null);
    }
  }

  const tree = { rootFolderId: config.rootFolderId, folderId: config.folderId, openDepth: 1, texts: config.texts, target: () => pane.current };
  return (
    <div className="asset-library-island" aria-busy={busy} data-asset-library-ready>
      <nav className="asset-library-tree">
        <FolderTree config={tree} element={element} />
      </nav>
      <section className="asset-library-folder">
        <label className={`button button-primary${busy ? ' disabled' : ''}`}>
          {text(config.texts, 'UploadHere')}
          <input type="file" className="visually-hidden" multiple accept={config.accept || undefined} onChange={upload} disabled={busy} data-library-upload />
        </label>
        {feedback.view}
        <div className="asset-library-assets-pane" ref={pane} data-asset-library-update />
      </section>
    </div>
  );
}
