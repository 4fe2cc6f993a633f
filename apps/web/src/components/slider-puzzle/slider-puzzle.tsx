import { Limits } from '@ptt/contract';
import { SpinLoading } from 'antd-mobile';
import { CheckOutline, CloseOutline, RedoOutline, RightOutline } from 'antd-mobile-icons';
import {
  type KeyboardEvent,
  type PointerEvent,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import './slider-puzzle.css';

/*
 * Geometry (shared with apps/server/src/modules/auth/puzzle-image.ts):
 * - The background is W×H (320×160) image pixels, shown at its natural size when the dialog has room (viewport
 *   374 CSS px or wider), else scaled down uniformly; scale = shown width / W. The track is exactly as wide.
 * - The piece image is its own bounding box (62×62 from our server), drawn at top = y and left = x, both in image
 *   pixels (as percentages of the stage, so they follow the scale).
 * - The handle sits at the same left as the piece, so dragging it by d CSS pixels moves both by d CSS pixels,
 *   clamped so the piece stays inside the image. The x sent to `verify` is the piece's left edge in image
 *   pixels, round(d / scale): at natural width x === d.
 */

const { width: W, height: H, block, radius, modalWidth } = Limits.puzzle;
const DEFAULT_PIECE_WIDTH = block + 2 * radius;
const HANDLE_WIDTH = 44;
const SUCCESS_PAUSE_MS = 700;
const FAIL_PAUSE_MS = 1000;

export interface Puzzle {
  y: number;
  token: string;
  bigImg: string;
  SmallImg: string;
}

export interface SliderPuzzleProps {
  visible: boolean;
  /** Fetches a new puzzle. */
  load: () => Promise<Puzzle>;
  /** Resolves true when the slide is accepted. */
  verify: (token: string, x: number) => Promise<boolean>;
  onSuccess: (token: string, x: number) => void;
  onClose: () => void;
  title?: string;
  hint?: string;
  successText?: string;
  failText?: string;
  refreshLabel?: string;
  closeLabel?: string;
  loadingText?: string;
  errorText?: string;
  retryText?: string;
}

type Phase = 'loading' | 'error' | 'ready' | 'dragging' | 'verifying' | 'success' | 'fail';

interface Drag {
  pointerId: number;
  startX: number;
  /** Largest x, in image pixels. */
  max: number;
  scale: number;
}

const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));

export const SliderPuzzle = (props: SliderPuzzleProps) => {
  const {
    visible,
    title = 'Please complete the security verification',
    hint = 'Drag the slider to complete the puzzle',
    successText = 'Verification is successful',
    failText = 'Verification error, please try again',
    refreshLabel = 'Refresh',
    closeLabel = 'Close',
    loadingText = 'Loading',
    errorText = 'The puzzle could not be loaded',
    retryText = 'Try again',
  } = props;
  // Callers pass fresh closures on every render; reading them through a ref keeps effects from re-running.
  const latest = useRef(props);
  latest.current = props;

  const [phase, setPhase] = useState<Phase>('loading');
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  /** The piece's left edge in image pixels; fractional while dragging a scaled image. */
  const [x, setX] = useState(0);
  const [pieceWidth, setPieceWidth] = useState(DEFAULT_PIECE_WIDTH);
  const stageRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  /** Bumped on every load and on close, so answers to superseded requests are dropped. */
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const titleId = useId();

  const refresh = useCallback(() => {
    const id = ++generation.current;
    clearTimeout(timer.current);
    drag.current = null;
    setPhase('loading');
    setX(0);
    setPuzzle(null);
    latest.current.load().then(
      (next) => {
        if (id !== generation.current) return;
        setPuzzle(next);
        setPhase('ready');
      },
      () => {
        if (id === generation.current) setPhase('error');
      },
    );
  }, []);

  useEffect(() => {
    if (!visible) return;
    refresh();
    dialogRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      generation.current++;
      clearTimeout(timer.current);
      document.body.style.overflow = overflow;
    };
  }, [visible, refresh]);

  /** Layout width, not the transformed one, so a transition cannot skew the mapping; jsdom reports 0. */
  const geometry = () => {
    const scale = (stageRef.current?.offsetWidth || W) / W;
    const max = Math.max(0, Math.min(W - pieceWidth, W - HANDLE_WIDTH / scale));
    return { scale, max };
  };

  const submit = (position: number) => {
    const answer = Math.round(position);
    if (!puzzle || answer < 1) {
      setX(0);
      setPhase('ready');
      return;
    }
    const id = generation.current;
    const { token } = puzzle;
    setPhase('verifying');
    latest.current
      .verify(token, answer)
      .catch(() => false)
      .then((ok) => {
        if (id !== generation.current) return;
        setPhase(ok ? 'success' : 'fail');
        timer.current = setTimeout(
          ok ? () => latest.current.onSuccess(token, answer) : refresh,
          ok ? SUCCESS_PAUSE_MS : FAIL_PAUSE_MS,
        );
      });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (phase !== 'ready' || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    // Keeps the moves coming to the handle when the finger or mouse leaves it, or the dialog.
    if (typeof event.currentTarget.setPointerCapture === 'function') {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    const { scale, max } = geometry();
    drag.current = { pointerId: event.pointerId, startX: event.clientX, max, scale };
    setPhase('dragging');
  };

  /** Where the pointer puts the piece, in image pixels; every drag starts from 0. */
  const positionOf = (event: PointerEvent<HTMLDivElement>): number | null => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return null;
    return clamp((event.clientX - d.startX) / d.scale, 0, d.max);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const position = positionOf(event);
    if (position !== null) setX(position);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const position = positionOf(event);
    if (position === null) return;
    drag.current = null;
    submit(position);
  };

  const onPointerCancel = () => {
    if (!drag.current) return;
    drag.current = null;
    setX(0);
    setPhase('ready');
  };

  const onHandleKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (phase !== 'ready') return;
    const { max } = geometry();
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, number> = {
      ArrowRight: x + step,
      ArrowUp: x + step,
      ArrowLeft: x - step,
      ArrowDown: x - step,
      Home: 0,
      End: max,
    };
    if (event.key in moves) {
      event.preventDefault();
      setX(clamp(Math.round(moves[event.key]), 0, max));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      submit(x);
    }
  };

  const onDialogKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') latest.current.onClose();
  };

  const onPieceLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    setPieceWidth(event.currentTarget.naturalWidth || DEFAULT_PIECE_WIDTH);
  };

  if (!visible) return null;

  const busy = phase === 'verifying' || phase === 'success';
  const status = phase === 'success' ? successText : phase === 'fail' ? failText : '';
  const left = `${(x / W) * 100}%`;

  return createPortal(
    <div className="slider-puzzle__overlay">
      <div
        ref={dialogRef}
        className={`slider-puzzle slider-puzzle--${phase}`}
        style={{ width: `min(${modalWidth}px, calc(100vw - 24px))` }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onDialogKey}
        data-testid="puzzle-modal"
      >
        <header className="slider-puzzle__header">
          <h2 id={titleId} className="slider-puzzle__title">
            {title}
          </h2>
          <button
            type="button"
            className="slider-puzzle__icon-button"
            aria-label={refreshLabel}
            title={refreshLabel}
            onClick={refresh}
            disabled={busy || phase === 'dragging'}
          >
            <RedoOutline aria-hidden />
          </button>
          <button
            type="button"
            className="slider-puzzle__icon-button"
            aria-label={closeLabel}
            title={closeLabel}
            onClick={() => latest.current.onClose()}
          >
            <CloseOutline aria-hidden />
          </button>
        </header>

        <div
          ref={stageRef}
          className="slider-puzzle__stage"
          style={{ maxWidth: W, aspectRatio: `${W} / ${H}` }}
        >
          {puzzle && phase !== 'loading' && phase !== 'error' && (
            <>
              <img
                className="slider-puzzle__bg"
                src={puzzle.bigImg}
                width={W}
                height={H}
                alt=""
                draggable={false}
                onError={() => setPhase('error')}
                data-testid="puzzle-bg"
              />
              <img
                className="slider-puzzle__piece"
                src={puzzle.SmallImg}
                alt=""
                draggable={false}
                onLoad={onPieceLoad}
                style={{ left, top: `${(puzzle.y / H) * 100}%`, width: `${(pieceWidth / W) * 100}%` }}
                data-testid="puzzle-piece"
              />
            </>
          )}
          {phase === 'loading' && (
            <div className="slider-puzzle__placeholder" role="status">
              <SpinLoading color="primary" style={{ '--size': '28px' }} aria-hidden />
              <span className="slider-puzzle__sr">{loadingText}</span>
            </div>
          )}
          {phase === 'error' && (
            <div className="slider-puzzle__placeholder" role="alert">
              <span>{errorText}</span>
              <button type="button" className="slider-puzzle__retry" onClick={refresh}>
                {retryText}
              </button>
            </div>
          )}
          <div className="slider-puzzle__status" aria-live="polite">
            {status && (
              <span className="slider-puzzle__status-text" data-testid="puzzle-status">
                {status}
              </span>
            )}
          </div>
        </div>

        <div className="slider-puzzle__track" style={{ maxWidth: W }} data-testid="puzzle-track">
          <div className="slider-puzzle__fill" style={{ width: `calc(${left} + ${HANDLE_WIDTH}px)` }} />
          <span className="slider-puzzle__hint" aria-hidden style={{ opacity: x > 0 ? 0 : 1 }}>
            {hint}
          </span>
          <div
            className="slider-puzzle__handle"
            style={{ left, width: HANDLE_WIDTH }}
            role="slider"
            tabIndex={phase === 'ready' ? 0 : -1}
            aria-label={hint}
            aria-valuemin={0}
            aria-valuemax={W - pieceWidth}
            aria-valuenow={Math.round(x)}
            aria-disabled={phase !== 'ready' && phase !== 'dragging'}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onLostPointerCapture={onPointerCancel}
            onKeyDown={onHandleKey}
            data-testid="puzzle-handle"
          >
            {phase === 'success' ? (
              <CheckOutline aria-hidden />
            ) : phase === 'fail' ? (
              <CloseOutline aria-hidden />
            ) : (
              <RightOutline aria-hidden />
            )}
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
};
