import { PlayOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A recording's length in whole seconds, as its row and its player both show it. */
export const lengthOf = (seconds: number) => Math.max(0, Math.round(seconds));

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Two bars, the usual sign for pause. */
const PauseGlyph = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden focusable="false">
    <rect x="6" y="5" width="4" height="14" rx="1.5" fill="currentColor" />
    <rect x="14" y="5" width="4" height="14" rx="1.5" fill="currentColor" />
  </svg>
);

interface Props {
  src: string;
  /** Length known from the record, shown before the audio has loaded. */
  duration: number;
  label: string;
  /** Another row started playing: this one stops. */
  active: boolean;
  onPlay: () => void;
}

/** Plays one recording in the page: a play/pause button, a progress bar and the elapsed time. */
export const AudioPlayer = ({ src, duration, label, active, onPlay }: Props) => {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState(duration);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!active && audio.current && !audio.current.paused) audio.current.pause();
  }, [active]);

  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (a.paused) {
      onPlay();
      a.play().catch(() => setFailed(true));
    } else a.pause();
  };

  const share = length > 0 ? Math.min(1, time / length) : 0;
  return (
    <div className="player" data-testid="player" data-playing={playing}>
      <button
        type="button"
        className="player__button"
        aria-label={playing ? t('recording.pause') : label}
        onClick={toggle}
        data-testid="player-toggle"
      >
        {playing ? <PauseGlyph /> : <PlayOutline aria-hidden />}
      </button>
      <div
        className="player__bar"
        role="progressbar"
        aria-label={t('recording.progress')}
        aria-valuemin={0}
        aria-valuemax={Math.round(length)}
        aria-valuenow={Math.round(time)}
        data-testid="player-progress"
      >
        <span className="player__fill" style={{ width: `${share * 100}%` }} />
      </div>
      <span className="player__time">
        {/* The length is the record's, as its row says; the file's own only paces the bar. */}
        {clock(Math.min(time, lengthOf(duration)))} / {clock(lengthOf(duration))}
      </span>
      {failed && <p className="field__error">{t('recording.playFailed')}</p>}
      {/* biome-ignore lint/a11y/useMediaCaption: talk bursts of a radio have no captions to offer */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          if (Number.isFinite(e.currentTarget.duration)) setLength(e.currentTarget.duration);
        }}
        onError={() => setFailed(true)}
      />
    </div>
  );
};
