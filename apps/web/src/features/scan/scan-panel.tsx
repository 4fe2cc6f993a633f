import { Limits } from '@ptt/contract';
import { CameraOutline, PictureOutline, RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormInput } from '../../components/form/form-input.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { showToast } from '../../components/toast.ts';
import { addToScanList, type ScanSource, ssidsOfText } from './scan-list.ts';

const CameraScanner = lazy(() => import('./camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })));

interface Props {
  ssids: string[];
  onChange: (ssids: string[]) => void;
}

/** Camera, photo and typing feed one list of up to 100 SSIDs under the scan rules. */
export const ScanPanel = ({ ssids, onChange }: Props) => {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const form = useRuleForm({ typed: '' });

  // The latest list lives in a closure for the camera's callback, so read it through the updater.
  let current = ssids;
  const add = (raw: string, source: ScanSource) => {
    const result = addToScanList(current, raw, source);
    if (result.error) {
      if (source === 'type') form.setError('typed', result.error);
      else showToast(t(`msg.${result.error}` as 'msg.ok'));
      return false;
    }
    current = result.list;
    onChange(result.list);
    showToast(t('scan.added', { ssid: result.added }));
    return true;
  };

  /** A pasted column of SSIDs: each added under the same rules; the first refusal is shown. */
  const paste = (text: string) => {
    const typed = ssidsOfText(text);
    if (typed.length < 2) return false;
    let refusal: string | undefined;
    const added: string[] = [];
    for (const raw of typed) {
      const result = addToScanList(current, raw, 'type');
      if (result.error) refusal ??= result.error;
      else if (result.added) {
        current = result.list;
        added.push(result.added);
      }
    }
    if (added.length > 0) {
      onChange(current);
      showToast(t('scan.addedMany', { count: added.length }));
    }
    if (refusal) form.setError('typed', refusal);
    return true;
  };

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    const { decodePhoto } = await import('./qr-decode.ts');
    const text = await decodePhoto(file).catch(() => null);
    if (text === null) showToast(t('msg.qrWrong'));
    else add(text, 'scan');
  };

  return (
    <section className="section" data-testid="scan-panel">
      <div className="scan-count">
        <span data-testid="scan-count">
          {t('scan.count', { count: ssids.length, max: Limits.scanAddMax })}
        </span>
        <Link to="/scanDetail" className="scan-link" data-testid="scan-view-list">
          {t('scan.viewList')} <RightOutline aria-hidden />
        </Link>
      </div>
      <div className="scan-actions">
        <button type="button" className="btn" data-testid="scan-camera" onClick={() => setCamera(true)}>
          <CameraOutline aria-hidden /> {t('scan.camera')}
        </button>
        <label className="btn" data-testid="scan-photo-label">
          <PictureOutline aria-hidden /> {t('scan.photo')}
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            data-testid="scan-photo"
            onChange={(e) => {
              void fromPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      <form
        className="scan-type"
        noValidate
        // Each typed SSID is added at once, so no double-click window holds the next one back.
        onSubmit={(e) => {
          e.preventDefault();
          if (add(form.values.typed, 'type')) form.setValues({ typed: '' });
        }}
      >
        <FormInput
          id="scan-typed"
          label={t('scan.typeLabel')}
          {...form.field('typed')}
          onChange={(value) => form.set('typed')(value.trim())}
          onPaste={paste}
          inputMode="numeric"
          placeholder={t('scan.typePlaceholder')}
          addon={
            <button type="submit" className="btn btn--primary scan-type__add" data-testid="scan-type-add">
              {t('scan.add')}
            </button>
          }
        />
      </form>
      {ssids.length === 0 ? (
        <p className="item-meta">{t('scan.empty')}</p>
      ) : (
        <>
          <h3 className="item-meta">{t('scan.latest')}</h3>
          <ul className="scan-latest" data-testid="scan-latest">
            {ssids
              .slice(-3)
              .reverse()
              .map((s) => (
                <li key={s} className="scan-mono">
                  {s}
                </li>
              ))}
          </ul>
        </>
      )}
      {camera && (
        <Suspense fallback={null}>
          <CameraScanner onText={(text) => add(text, 'scan')} onClose={() => setCamera(false)} />
        </Suspense>
      )}
    </section>
  );
};
