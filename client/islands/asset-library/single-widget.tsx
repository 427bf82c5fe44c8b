// The single file widget and the image widget (spec sections 3 to 5): one asset, its name (renamed on
// the server: 'Name changed'), a file to choose (an image goes through the crop modal), remove. Its
// form fields are the spec's (AssetId-{id}, AssetName-{id}, AssetLoaded{id}, asset-{id}-name,
// asset-{id}-name-changed, file-upload-required-{id}); the plain asset-id field it enhances keeps the
// asset's id, so the back-office form it sits in reads the same field with or without JavaScript.
import { type ChangeEvent, useEffect, useState } from 'react';
import { type Asset, assetName, getAsset, pageContext, renameAsset, uploadFiles } from './api';
import { AssetPreview } from './asset-preview';
import { text, type WidgetConfig } from './config';
import { CropModal, type CropResult } from './crop-modal';
import { useFeedback } from './feedback';
import { fileProblem } from './files';
import { cropStep, imageStep, type PendingCrop } from './image-upload';
import { LibraryPicker } from './library-picker';
import { singleFieldNames } from './rules';

export function SingleWidget({ config, input }: { config: WidgetConfig; input: HTMLInputElement | null }) {
  const { id, texts } = config;
  const fields = singleFieldNames(id);
  const context = pageContext();
  const [asset, setAsset] = useState<Asset | null>(config.assets[0] ?? null);
  const [name, setName] = useState(asset ? assetName(asset) : '');
  const [nameChanged, setNameChanged] = useState(false);
  const [pending, setPending] = useState<PendingCrop | null>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  // Until an asset named by id only is read, the plain field keeps its value (a failed read loses nothing).
  const [ready, setReady] = useState(!(config.assetId && !asset));
  const feedback = useFeedback(texts);

  useEffect(() => {
    if (asset || !config.assetId) return;
    getAsset(context, config.assetId).then(show, feedback.showCallError);
  }, []);

  useEffect(() => {
    if (!ready || !input || input.value === String(asset?.AssetId ?? '')) return;
    input.value = String(asset?.AssetId ?? '');
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [asset, ready]);

  function show(next: Asset | null) {
    setReady(true);
    setAsset(next);
    setName(next ? assetName(next) : '');
    setNameChanged(false);
  }

  const steps = { context, folderId: config.folderId, texts, onProgress: feedback.setProgress };

  function added(answer: Asset, fileName: string, message: string) {
    if (answer.Error) return feedback.showError(answer.name ?? fileName, answer.Error);
    show(answer);
    feedback.say(message);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file, config.accept, config.maxFileSize, texts);
    if (problem) return feedback.showError(file.name, problem);
    setBusy(true);
    feedback.setProgress(0);
    try {
      if (config.kind !== 'image') {
        const [answer] = await uploadFiles(context, [file], { folderId: config.folderId, onProgress: feedback.setProgress });
        return added(answer ?? { name: file.name, Error: text(texts, 'UnknownError') }, file.name, 'FileAdded');
      }
      const step = await imageStep(file, { ...steps, crop: config.crop });
      if (step.kind === 'refused') feedback.showError(file.name, step.message);
      else if (step.kind === 'answer') added(step.answer, file.name, 'FileAdded');
      else setPending(step.pending);
    } catch (error) {
      feedback.showCallError(error);
    } finally {
      setBusy(false);
      feedback.setProgress(null);
    }
  }

  async function crop(result: CropResult) {
    if (!pending) return;
    setBusy(true);
    try {
      const answer = await cropStep(pending, result, steps);
      setPending(null);
      added(answer, pending.fileName, 'ImageCropped');
    } catch (error) {
      feedback.showCallError(error);
    } finally {
      setBusy(false);
      feedback.setProgress(null);
    }
  }

  async function rename() {
    if (!asset?.AssetId) return;
    if (!name.trim()) return feedback.showError(text(texts, 'ErrorTitle'), text(texts, 'NameRequired'));
    try {
      const renamed = await renameAsset(context, asset.AssetId, name.trim());
      setAsset(renamed);
      setName(assetName(renamed));
      setNameChanged(true);
      feedback.say('NameChanged');
    } catch (error) {
      feedback.showCallError(error);
    }
  }

  function remove() {
    show(null);
    feedback.say('FileDeleted');
  }

  const nameId = `asset-${id}-name-input`;
  return (
    <div className={`asset-widget asset-widget-${config.kind}`} aria-busy={busy} data-asset-widget-ready>
      <input type="hidden" name={fields.assetId} value={asset?.AssetId ?? ''} />
      <input type="hidden" name={fields.assetName} value={asset ? assetName(asset) : ''} />
      <input type="hidden" name={fields.loaded} value={asset ? 'true' : 'false'} />
      <input type="hidden" name={fields.nameChanged} value={nameChanged ? 'true' : 'false'} />
      <input type="checkbox" className="visually-hidden" name={fields.required} checked={asset !== null} required={config.required} readOnly tabIndex={-1} aria-hidden="true" />
      {asset ? <AssetPreview asset={asset} texts={texts} /> : <p className="asset-widget-empty">{text(texts, 'NoFile')}</p>}
      {asset ? (
        <div className="asset-widget-name">
          <label htmlFor={nameId}>{text(texts, 'Name')}</label>
          <input id={nameId} name={fields.name} value={name} onChange={(event) => setName(event.target.value)} onKeyDown={(event) => {
            // Enter renames the asset rather than submitting the form the widget sits in.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void rename();
          }} />
          <button type="button" className="button" onClick={rename} data-asset-rename>{text(texts, 'Rename')}</button>
        </div>
      ) : null}
      <div className="asset-widget-actions">
        <label className={`button button-primary asset-widget-choose${busy ? ' disabled' : ''}`}>
          {text(texts, config.kind === 'image' ? 'ChooseImage' : 'ChooseFile')}
          <input type="file" id={config.fileInputId} className="visually-hidden" accept={config.accept || undefined} onChange={choose} disabled={busy} data-asset-file />
        </label>
        <button type="button" className="button" onClick={() => setPicking(true)} disabled={busy} data-asset-library-open>{text(texts, 'ChooseFromLibrary')}</button>
        {asset ? <button type="button" className="button" onClick={remove} data-asset-remove>{text(texts, 'Remove')}</button> : null}
      </div>
      {feedback.view}
      {picking ? <LibraryPicker texts={texts} onClose={() => setPicking(false)} onPick={(chosen) => {
        setPicking(false);
        show(chosen);
        feedback.say('FileAdded');
      }} /> : null}
      {pending ? <CropModal {...pending} texts={texts} busy={busy} onCancel={() => setPending(null)} onConfirm={crop} /> : null}
    </div>
  );
}
