// One asset as a widget shows it: the 80x80 thumbnail of an image (a link to the file otherwise), its
// name, and for an image its size in pixels.
import { type Asset, assetName } from './api';
import { text, type Texts } from './config';

export function AssetPreview({ asset, texts }: { asset: Asset; texts: Texts }) {
  const name = assetName(asset);
  return (
    <figure className="asset-preview" data-asset-preview={asset.AssetId ?? ''}>
      {asset.thumbnail_url ? <img src={asset.thumbnail_url} alt={name} width={80} height={80} /> : null}
      <figcaption>
        {asset.Uri ? <a href={asset.Uri} target="_blank" rel="noopener">{name}</a> : name}
        {asset.fileType === 'Image' && asset.Width ? <span className="asset-preview-size">{` ${asset.Width} x ${asset.Height} px`}</span> : null}
        {asset.fileType && asset.fileType !== 'Image' ? <span className="asset-preview-type">{` ${text(texts, `Type${asset.fileType}`)}`}</span> : null}
      </figcaption>
    </figure>
  );
}
