// The multi-file widget (spec sections 3 and 5): files taken only when their type is enabled in the
// file-type map ('please put a correct file'), each renamed (non-empty), ordered (drag, or the up and
// down buttons) and removed. Form fields: list-assets-orders-{id} (the guids in order), AssetsLoaded-{id},
// asset-{guid} (the id), asset-{guid}-name, and the file-upload-required-{id} checkbox, ticked when at
// least one asset is listed.
import { type ChangeEvent, useEffect, useState } from 'react';
import { type Asset, assetKey, assetName, getAsset, pageContext, renameAsset, uploadFiles } from './api';
import { AssetPreview } from './asset-preview';
import { text, type WidgetConfig } from './config';
import { useFeedback } from './feedback';
import { fileProblem } from './files';
import { LibraryPicker } from './library-picker';
import { fileTypeEnabled, moveItem, multipleFieldNames } from './rules';

export function MultiWidget({ config, input }: { config: WidgetConfig; input: HTMLInputElement | null }) {
  const { id, texts } = config;
  const fields = multipleFieldNames(id);
  const context = pageContext();
  const [assets, setAssets] = useState<Asset[]>(config.assets);
  const [names, setNames] = useState<Record<string, string>>(() => Object.fromEntries(config.assets.map((asset) => [assetKey(asset), assetName(asset)])));
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const [ready, setReady] = useState(!(config.assets.length === 0 && config.assetIds.length > 0));
  const feedback = useFeedback(texts);

  // Assets named by id only (the plain field's value): read from the library, in their order.
  useEffect(() => {
    if (config.assets.length > 0 || config.assetIds.length === 0) return;
    Promise.all(config.assetIds.map((assetId) => getAsset(context, assetId))).then((loaded) => {
      setAssets(loaded);
      setReady(true);
      setNames(Object.fromEntries(loaded.map((asset) => [assetKey(asset), assetName(asset)])));
    }, feedback.showCallError);
  }, []);

  // The plain field the widget enhances keeps the ids in order, as it would without JavaScript.
  useEffect(() => {
    const ids = assets.map((asset) => asset.AssetId ?? '').join(',');
    if (!ready || !input || input.value === ids) return;
    input.value = ids;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [assets, ready]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const accepted = files.filter((file) => {
      const problem = fileTypeEnabled(config.fileTypes, file.name) ? fileProblem(file, config.accept, config.maxFileSize, texts) : text(texts, 'PutCorrectFile');
      if (problem) feedback.showError(file.name, problem);
      return !problem;
    });
    if (accepted.length === 0) return;
    setBusy(true);
    feedback.setProgress(0);
    try {
      const answers = await uploadFiles(context, accepted, { folderId: config.folderId, onProgress: feedback.setProgress });
      const stored = answers.filter((answer) => !answer.Error && answer.AssetId);
      answers.filter((answer) => answer.Error).forEach((answer) => feedback.showError(answer.name ?? '', answer.Error ?? ''));
      if (stored.length > 0) {
        setReady(true);
        setAssets((current) => [...current, ...stored]);
        setNames((current) => ({ ...current, ...Object.fromEntries(stored.map((asset) => [assetKey(asset), assetName(asset)])) }));
        feedback.say('FileAdded');
      }
    } catch (error) {
      feedback.showCallError(error);
    } finally {
      setBusy(false);
      feedback.setProgress(null);
    }
  }

  async function rename(asset: Asset) {
    const name = (names[assetKey(asset)] ?? '').trim();
    if (!name) return feedback.showError(text(texts, 'ErrorTitle'), text(texts, 'NameRequired'));
    if (!asset.AssetId) return;
    try {
      const renamed = await renameAsset(context, asset.AssetId, name);
      setAssets((current) => current.map((item) => (assetKey(item) === assetKey(asset) ? renamed : item)));
      setNames((current) => ({ ...current, [assetKey(asset)]: assetName(renamed) }));
      feedback.say('NameChanged');
    } catch (error) {
      feedback.showCallError(error);
    }
  }

  function remove(asset: Asset) {
    setAssets((current) => current.filter((item) => assetKey(item) !== assetKey(asset)));
    feedback.say('FileDeleted');
  }

  const move = (from: number, to: number) => setAssets((current) => moveItem(current, from, to));

  return (
    <div className="asset-widget asset-widget-multiple" aria-busy={busy} data-asset-widget-ready>
      <input type="hidden" name={fields.orders} value={assets.map(assetKey).join(',')} />
      <input type="hidden" name={fields.loaded} value="true" />
      <input type="checkbox" className="visually-hidden" name={fields.required} checked={assets.length > 0} required={config.required} readOnly tabIndex={-1} aria-hidden="true" />
      {assets.length === 0 ? <p className="asset-widget-empty">{text(texts, 'NoFile')}</p> : null}
      <ol className="asset-widget-list">
        {assets.map((asset, index) => {
          const key = assetKey(asset);
          const nameId = `asset-${key}-name-${id}`;
          return (
            <li
              key={key}
              draggable
              className={dragged === index ? 'dragging' : undefined}
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => dragged !== null && move(dragged, index)}
              onDragEnd={() => setDragged(null)}
              data-asset-item={key}
            >
              <input type="hidden" name={fields.asset(key)} value={asset.AssetId ?? ''} />
              <AssetPreview asset={asset} texts={texts} />
              <label htmlFor={nameId}>{text(texts, 'Name')}</label>
              <input id={nameId} name={fields.assetName(key)} value={names[key] ?? ''} onChange={(event) => setNames({ ...names, [key]: event.target.value })} onKeyDown={(event) => {
                // Enter renames the asset rather than submitting the form the widget sits in.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                void rename(asset);
              }} />
              <button type="button" className="button" onClick={() => rename(asset)} data-asset-rename>{text(texts, 'Rename')}</button>
              <button type="button" className="button" onClick={() => move(index, index - 1)} disabled={index === 0} data-asset-up>{text(texts, 'MoveUp')}</button>
              <button type="button" className="button" onClick={() => move(index, index + 1)} disabled={index === assets.length - 1} data-asset-down>{text(texts, 'MoveDown')}</button>
              <button type="button" className="button" onClick={() => remove(asset)} data-asset-remove>{text(texts, 'Remove')}</button>
            </li>
          );
        })}
      </ol>
      <label className={`button button-primary asset-widget-choose${busy ? ' disabled' : ''}`}>
        {text(texts, 'ChooseFiles')}
        <input type="file" id={config.fileInputId} className="visually-hidden" multiple accept={config.accept || undefined} onChange={choose} disabled={busy} data-asset-file />
      </label>
      <button type="button" className="button" onClick={() => setPicking(true)} disabled={busy} data-asset-library-open>{text(texts, 'ChooseFromLibrary')}</button>
      {feedback.view}
      {picking ? <LibraryPicker texts={texts} onClose={() => setPicking(false)} onPick={(chosen) => {
        setPicking(false);
        if (assets.some((item) => assetKey(item) === assetKey(chosen))) return;
        setReady(true);
        setAssets((current) => [...current, chosen]);
        setNames((current) => ({ ...current, [assetKey(chosen)]: assetName(chosen) }));
        feedback.say('FileAdded');
      }} /> : null}
    </div>
  );
}
