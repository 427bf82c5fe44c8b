// The folder tree's actions on the open folder: create a folder in it, rename it, move it under
// another folder (or the root), delete it (confirmed first; the server refuses a folder that is not
// empty, and its message shows in the error modal). Each reloads the tree.
import { type FormEvent, useState } from 'react';
import { AssetCallError, type FolderNode, createFolder, deleteFolder, moveFolder, pageContext, renameFolder } from './api';
import { text, type Texts } from './config';
import type { useFeedback } from './feedback';

interface Props {
  nodes: FolderNode[];
  current: number | null;
  texts: Texts;
  feedback: ReturnType<typeof useFeedback>;
  /** After a change: the folder to open then (undefined: keep the assets shown). */
  onChanged(selected?: number | null): Promise<void>;
}

function flatten(nodes: FolderNode[], depth = 0): { node: FolderNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.Children ?? [], depth + 1)]);
}

export function FolderActions({ nodes, current, texts, feedback, onChanged }: Props) {
  const context = pageContext();
  const [newName, setNewName] = useState('');
  const [rename, setRename] = useState('');
  const [parent, setParent] = useState('');
  const [confirming, setConfirming] = useState(false);
  const folders = flatten(nodes);
  const currentNode = folders.find(({ node }) => node.FolderId === current)?.node ?? null;

  async function run(event: FormEvent | null, action: () => Promise<unknown>, message: string, selected?: number | null) {
    event?.preventDefault();
    try {
      await action();
      feedback.say(message);
      await onChanged(selected);
    } catch (error) {
      feedback.showCallError(error);
    }
  }

  const required = (value: string, action: () => Promise<unknown>) => () =>
    value.trim() ? action() : Promise.reject(new AssetCallError(400, text(texts, 'NameRequired')));

  return (
    <div className="folder-actions">
      <form onSubmit={(event) => run(event, required(newName, () => createFolder(context, newName.trim(), current)), 'FolderCreated').then(() => setNewName(''))} data-folder-create>
        <label>
          {text(texts, 'NewFolder')}
          <input name="Name" value={newName} onChange={(event) => setNewName(event.target.value)} required />
        </label>
        <button type="submit" className="button">{text(texts, 'Create')}</button>
      </form>
      {currentNode ? (
        <>
          <form onSubmit={(event) => run(event, required(rename, () => renameFolder(context, currentNode.FolderId, rename.trim())), 'NameChanged')} data-folder-rename>
            <label>
              {text(texts, 'RenameFolder')}
              <input name="Name" value={rename} placeholder={currentNode.Name} onChange={(event) => setRename(event.target.value)} required />
            </label>
            <button type="submit" className="button">{text(texts, 'Rename')}</button>
          </form>
          <form onSubmit={(event) => run(event, () => moveFolder(context, currentNode.FolderId, parent ? Number(parent) : null), 'FolderMoved')} data-folder-move>
            <label>
              {text(texts, 'MoveFolder')}
              <select name="ParentId" value={parent} onChange={(event) => setParent(event.target.value)}>
                <option value="">{text(texts, 'AllFolders')}</option>
                {folders.filter(({ node }) => node.FolderId !== currentNode.FolderId).map(({ node, depth }) => (
                  <option key={node.FolderId} value={node.FolderId}>{`${'\u2014 '.repeat(depth)}${node.Name}`}</option>
                ))}
              </select>
            </label>
            <button type="submit" className="button">{text(texts, 'Move')}</button>
          </form>
          {confirming ? (
            <p className="folder-delete-confirm">
              {text(texts, 'SureToDelete')}
              <button type="button" className="button button-danger" onClick={() => run(null, () => deleteFolder(context, currentNode.FolderId), 'FolderDeleted', null).then(() => setConfirming(false))} data-folder-delete-confirm>{text(texts, 'Delete')}</button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>{text(texts, 'Cancel')}</button>
            </p>
          ) : (
            <button type="button" className="button" onClick={() => setConfirming(true)} data-folder-delete>{text(texts, 'DeleteFolder')}</button>
          )}
        </>
      ) : null}
    </div>
  );
}
