// The folder tree (spec sections 2 to 4): folders open at first up to a given depth (ItemLevel), and on
// an outside changeFolder event; a folder's name loads its assets (assetsbyfolder) into the element
// marked to be updated and dispatches changeFolder {rootFolderId, targetFolderId}. The open folder
// can be renamed, moved and deleted, and a folder created in it (the server refuses a non-empty
// delete with its message, shown in the error modal).
import { useCallback, useEffect, useState } from 'react';
import { type FolderNode, assetsByFolderUrl, folderHierarchy, pageContext } from './api';
import { text, type Texts } from './config';
import { useFeedback } from './feedback';
import { FolderActions } from './folder-actions';

export interface TreeConfig {
  rootFolderId: number | null;
  folderId: number | null;
  openDepth: number;
  texts: Texts;
  /** The element the folder's assets load into. */
  target(): HTMLElement | null;
}

export const CHANGE_FOLDER = 'changeFolder';

export interface ChangeFolderDetail {
  rootFolderId: number | null;
  targetFolderId: number | null;
}

function pathTo(nodes: FolderNode[], folderId: number): number[] | null {
  for (const node of nodes) {
    if (node.FolderId === folderId) return [node.FolderId];
    const below = pathTo(node.Children ?? [], folderId);
    if (below) return [node.FolderId, ...below];
  }
  return null;
}

function initiallyOpen(nodes: FolderNode[], depth: number, open = new Set<number>()): Set<number> {
  for (const node of nodes) {
    if (node.ItemLevel <= depth) open.add(node.FolderId);
    initiallyOpen(node.Children ?? [], depth, open);
  }
  return open;
}

export function FolderTree({ config, element }: { config: TreeConfig; element: HTMLElement }) {
  const context = pageContext();
  const [nodes, setNodes] = useState<FolderNode[]>([]);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [current, setCurrent] = useState<number | null>(config.folderId);
  const feedback = useFeedback(config.texts);

  const reload = useCallback(async () => {
    try {
      const loaded = await folderHierarchy(context, config.rootFolderId);
      setNodes(loaded);
      return loaded;
    } catch (error) {
      feedback.showCallError(error);
      return [];
    }
  }, []);

  useEffect(() => {
    reload().then((loaded) => setOpen(initiallyOpen(loaded, config.openDepth, new Set(config.folderId ? pathTo(loaded, config.folderId) ?? [] : []))));
  }, []);

  // An outside change (another widget, the page) opens the way to that folder.
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<ChangeFolderDetail>).detail;
      if (!detail || event.target === element || detail.targetFolderId === null) return;
      setCurrent(detail.targetFolderId);
      setOpen((was) => new Set([...was, ...(pathTo(nodes, detail.targetFolderId!) ?? [])]));
    };
    document.addEventListener(CHANGE_FOLDER, listener);
    return () => document.removeEventListener(CHANGE_FOLDER, listener);
  }, [nodes]);

  async function select(folderId: number | null) {
    setCurrent(folderId);
    const target = config.target();
    const root = config.rootFolderId ?? (folderId ? pathTo(nodes, folderId)?.[0] ?? folderId : null);
    try {
      const response = await fetch(assetsByFolderUrl(context, folderId, root), { headers: { Accept: 'text/html', 'HX-Request': 'true' }, credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      const html = await response.text();
      if (target) target.innerHTML = html;
    } catch (error) {
      feedback.showCallError(error);
      return;
    }
    const detail: ChangeFolderDetail = { rootFolderId: root, targetFolderId: folderId };
    element.dispatchEvent(new CustomEvent(CHANGE_FOLDER, { bubbles: true, detail }));
    (window as { dataLayer?: unknown[] }).dataLayer?.push({ event: CHANGE_FOLDER, ...detail });
  }

  const toggle = (folderId: number) => setOpen((was) => {
    const next = new Set(was);
    if (!next.delete(folderId)) next.add(folderId);
    return next;
  });

  const branch = (list: FolderNode[]) => (
    <ul className="folder-tree-level" role="group">
      {list.map((node) => (
        <li key={node.FolderId} role="treeitem" aria-expanded={(node.Children ?? []).length > 0 ? open.has(node.FolderId) : undefined} aria-selected={current === node.FolderId} data-folder-id={node.FolderId}>
          {(node.Children ?? []).length > 0 ? (
            <button type="button" className="folder-tree-toggle" aria-label={text(config.texts, open.has(node.FolderId) ? 'CloseFolder' : 'OpenFolder')} onClick={() => toggle(node.FolderId)} />
          ) : null}
          <button type="button" className={`folder-tree-name${current === node.FolderId ? ' current' : ''}`} onClick={() => select(node.FolderId)} data-folder-name>{node.Name}</button>
          {open.has(node.FolderId) && (node.Children ?? []).length > 0 ? branch(node.Children) : null}
        </li>
      ))}
    </ul>
  );

  return (
    <div className="folder-tree" data-folder-tree-ready>
      <button type="button" className={`folder-tree-name folder-tree-root${current === null ? ' current' : ''}`} onClick={() => select(config.rootFolderId)} data-folder-root>{text(config.texts, 'AllFolders')}</button>
      <div role="tree" aria-label={text(config.texts, 'Folders')}>{branch(nodes)}</div>
      <FolderActions nodes={nodes} current={current} texts={config.texts} feedback={feedback} onChanged={async (selected) => {
        await reload();
        if (selected !== undefined) await select(selected);
      }} />
      {feedback.view}
    </div>
  );
}
