// What every widget shows besides its assets: the feedback message ('Name changed', 'Image cropped',
// 'File added', 'File deleted'), the upload's progress while a file travels, and the error modals
// (the generic one for a failed call, a file's own error, a crop's Error), one at a time.
import { useCallback, useState } from 'react';
import { AssetCallError, pageContext } from './api';
import { text, type Texts } from './config';
import { ErrorModal, type ErrorMessage } from './modal';

export function useFeedback(texts: Texts) {
  const [notice, setNotice] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<ErrorMessage[]>([]);

  const showError = useCallback((title: string, message: string) => setErrors((current) => [...current, { title, message }]), []);
  /** A failed call: the server's own message when it gave one (a 400), else the generic unknown error. */
  const showCallError = useCallback(
    (error: unknown) => {
      if (error instanceof AssetCallError && error.status === 401) {
        const { basePath, culture } = pageContext();
        location.assign(`${basePath}/${culture}/security/login?returnUrl=${encodeURIComponent(location.pathname + location.search)}`);
        return;
      }
      const message = error instanceof AssetCallError && error.message ? error.message : text(texts, 'UnknownError');
      showError(text(texts, 'ErrorTitle'), message);
    },
    [texts, showError],
  );
  const say = useCallback((key: string) => setNotice(text(texts, key)), [texts]);

  const view = (
    <>
      {progress !== null ? (
        <div className="asset-upload-progress" data-upload-progress>
          <label>
            {text(texts, 'Uploading')}
            <progress max={100} value={Math.round(progress * 100)} />
          </label>
        </div>
      ) : null}
      <p className="asset-widget-notice" role="status" data-asset-notice>{notice}</p>
      {errors.length > 0 ? <ErrorModal error={errors[0]} closeLabel={text(texts, 'Close')} onClose={() => setErrors((current) => current.slice(1))} /> : null}
    </>
  );
  return { notice, say, setNotice, setProgress, showError, showCallError, view };
}
