import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Puzzle, SliderPuzzle, type SliderPuzzleProps } from './slider-puzzle.tsx';

const puzzle = (n: number): Puzzle => ({
  y: 40,
  token: `token-${n}`,
  bigImg: `data:image/png;base64,big${n}`,
  SmallImg: `data:image/png;base64,small${n}`,
});

function setup(overrides: Partial<SliderPuzzleProps> = {}) {
  let n = 0;
  const props = {
    visible: true,
    load: vi.fn(async () => puzzle(++n)),
    verify: vi.fn(async () => true),
    onSuccess: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  const view = render(<SliderPuzzle {...props} />);
  return { props, view };
}

/** A drag as a browser reports it; jsdom has no layout, so the image counts as shown at its natural width. */
function drag(handle: HTMLElement, from: number, to: number) {
  fireEvent.pointerDown(handle, {
    pointerId: 1,
    pointerType: 'mouse',
    button: 0,
    clientX: from,
    clientY: 300,
  });
  fireEvent.pointerMove(handle, {
    pointerId: 1,
    pointerType: 'mouse',
    clientX: (from + to) / 2,
    clientY: 302,
  });
  fireEvent.pointerMove(handle, { pointerId: 1, pointerType: 'mouse', clientX: to, clientY: 305 });
  fireEvent.pointerUp(handle, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: to, clientY: 305 });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SliderPuzzle', () => {
  it('renders nothing while hidden', () => {
    const { props } = setup({ visible: false });
    expect(screen.queryByTestId('puzzle-modal')).toBeNull();
    expect(props.load).not.toHaveBeenCalled();
  });

  it('loads a puzzle and shows the background and the piece at its y', async () => {
    const { props } = setup();
    expect(screen.getByRole('dialog', { name: 'Please complete the security verification' })).toBeTruthy();
    const bg = await screen.findByTestId('puzzle-bg');
    expect(props.load).toHaveBeenCalledTimes(1);
    expect(bg.getAttribute('src')).toBe('data:image/png;base64,big1');
    const piece = screen.getByTestId('puzzle-piece');
    expect(piece.getAttribute('src')).toBe('data:image/png;base64,small1');
    expect(piece.style.top).toBe('25%');
    expect(piece.style.left).toBe('0%');
    expect(screen.getByTestId('puzzle-track').textContent).toContain(
      'Drag the slider to complete the puzzle',
    );
  });

  it('closes with the close button and reloads with the refresh button', async () => {
    const { props } = setup({ closeLabel: 'Schließen', refreshLabel: 'Neu laden' });
    await screen.findByTestId('puzzle-bg');
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(screen.getByTestId('puzzle-bg').getAttribute('src')).toContain('big2'));
    expect(props.load).toHaveBeenCalledTimes(2);
  });

  it('moves the piece with the handle and verifies the piece position in image pixels', async () => {
    const { props } = setup();
    await screen.findByTestId('puzzle-bg');
    vi.useFakeTimers();
    const handle = screen.getByTestId('puzzle-handle');
    fireEvent.pointerDown(handle, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 30 });
    fireEvent.pointerMove(handle, { pointerId: 1, pointerType: 'mouse', clientX: 110 });
    expect(screen.getByTestId('puzzle-piece').style.left).toBe(`${(80 / 320) * 100}%`);
    expect(handle.style.left).toBe(screen.getByTestId('puzzle-piece').style.left);
    fireEvent.pointerUp(handle, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 137 });
    expect(props.verify).toHaveBeenCalledWith('token-1', 107);
    await act(async () => {});
    expect(screen.getByText('Verification is successful')).toBeTruthy();
    expect(props.onSuccess).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(props.onSuccess).toHaveBeenCalledWith('token-1', 107);
  });

  it('keeps the piece inside the image however far the handle is dragged', async () => {
    const { props } = setup();
    await screen.findByTestId('puzzle-bg');
    drag(screen.getByTestId('puzzle-handle'), 10, 900);
    // 320 wide image, 62 wide piece.
    expect(props.verify).toHaveBeenCalledWith('token-1', 258);
  });

  it('shows the failure and loads a new puzzle after a wrong slide', async () => {
    const { props } = setup({ verify: vi.fn(async () => false), failText: 'Nope, try again' });
    await screen.findByTestId('puzzle-bg');
    vi.useFakeTimers();
    drag(screen.getByTestId('puzzle-handle'), 20, 60);
    expect(props.verify).toHaveBeenCalledWith('token-1', 40);
    await act(async () => {});
    expect(screen.getByText('Nope, try again')).toBeTruthy();
    expect(screen.getByTestId('puzzle-modal').className).toContain('slider-puzzle--fail');
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(props.load).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('puzzle-bg').getAttribute('src')).toContain('big2');
    expect(screen.getByTestId('puzzle-piece').style.left).toBe('0%');
    expect(props.onSuccess).not.toHaveBeenCalled();
  });

  it('does not verify a tap without a slide', async () => {
    const { props } = setup();
    await screen.findByTestId('puzzle-bg');
    drag(screen.getByTestId('puzzle-handle'), 50, 50);
    expect(props.verify).not.toHaveBeenCalled();
  });

  it('offers a retry when the puzzle cannot be loaded', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(puzzle(7));
    setup({ load, errorText: 'No puzzle', retryText: 'Again' });
    expect(await screen.findByText('No puzzle')).toBeTruthy();
    expect(screen.queryByTestId('puzzle-bg')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Again' }));
    expect((await screen.findByTestId('puzzle-bg')).getAttribute('src')).toContain('big7');
  });

  it('can be solved with the keyboard', async () => {
    const { props } = setup();
    await screen.findByTestId('puzzle-bg');
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(props.verify).toHaveBeenCalledWith('token-1', 11);
  });
});
