import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  onText: (text: string) => void;
  onClose: () => void;
}

/** Full-screen camera view that hands every QR text it reads to onText; the same code is read once. */
export const CameraScanner = ({ onText, onClose }: Props) => {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onText);
  handler.current = onText;

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    // A code held in front of the camera is read many times a second: pass it on once per sighting.
    let last = '';
    let lastAt = 0;
    const element = video.current;
    if (!element) return;
    import('./qr-decode.ts')
      .then(({ startCamera }) =>
        startCamera(element, (text) => {
          const now = Date.now();
          if (text === last && now - lastAt < 3000) return;
          last = text;
          lastAt = now;
          handler.current(text);
        }),
      )
      .then((s) => {
        if (cancelled) s();
        else stop = s;
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  return (
    <div className="camera" role="dialog" aria-modal="true" aria-label={t('scan.cameraTitle')}>
      <video ref={video} className="camera__video" muted playsInline />
      <div className="camera__frame" aria-hidden />
      <p className="camera__text">{failed ? t('scan.cameraError') : t('scan.cameraTitle')}</p>
      <button type="button" className="btn camera__close" onClick={onClose}>
        {t('scan.cameraClose')}
      </button>
    </div>
  );
};
