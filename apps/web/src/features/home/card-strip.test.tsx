import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentInfo, allOn } from '../../../test/fixtures.ts';
import { CardStrip } from './card-strip.tsx';
import { stripCards, swipePages } from './strip-cards.ts';

describe('which cards the strip shows', () => {
  it('shows the seven home card types in order, never video, with their balances', () => {
    expect(stripCards(agentInfo(), allOn())).toEqual([
      { key: 'voice', balance: 100 },
      { key: 'recording', balance: 20 },
      { key: 'location', balance: 30 },
      { key: 'sos', balance: 40 },
      { key: 'fence', balance: 50 },
      { key: 'duplex', balance: 70 },
      { key: 'vip', balance: 80 },
    ]);
  });

  it('follows the card switch', () => {
    const cards = stripCards(agentInfo(), allOn({ super_card: 0, sos_card: 0, recording_card: 0 }));
    expect(cards.map((card) => card.key)).toEqual(['voice', 'location', 'fence', 'duplex']);
  });

  it('marks the cards the runway finds short or under their threshold', () => {
    const cards = stripCards(agentInfo(), allOn(), [
      { cardType: 0, short: true, low: false },
      { cardType: 2, short: false, low: true },
    ]);
    expect(cards[0]).toEqual({ key: 'voice', balance: 100, short: true, low: false });
    expect(cards[2]).toEqual({ key: 'location', balance: 30, short: false, low: true });
    expect(cards[1]?.short).toBeUndefined();
  });

  it('pages three at a time', () => {
    expect(swipePages([1, 2, 3, 4, 5, 6, 7]).map((page) => page.length)).toEqual([3, 3, 1]);
  });
});

describe('the strip', () => {
  const only = (...fields: (keyof ReturnType<typeof allOn>)[]) =>
    allOn({
      blance: 0,
      recording_card: 0,
      location_card: 0,
      sos_card: 0,
      enclosure_card: 0,
      video_card: 0,
      duplex_card: 0,
      super_card: 0,
      ...Object.fromEntries(fields.map((field) => [field, 1])),
    });

  it('says "1 card" and "2 cards", not "1 cards"', () => {
    render(
      <CardStrip
        cards={[
          { key: 'duplex', balance: 1 },
          { key: 'voice', balance: 2 },
        ]}
      />,
    );
    expect(screen.getByTestId('card-duplex').textContent).toBe('Duplex1card');
    expect(screen.getByTestId('card-voice').textContent).toBe('Voice2cards');
  });

  it('is static below three cards', () => {
    render(<CardStrip cards={stripCards(agentInfo(), only('blance', 'super_card'))} />);
    const strip = screen.getByTestId('card-strip');
    expect(strip.dataset.mode).toBe('static');
    expect(strip.querySelector('.card-strip__track')).toBeNull();
    expect(screen.getByTestId('card-voice').textContent).toContain('100');
    expect(screen.getByTestId('card-vip').textContent).toContain('80');
  });

  it('swipes from three cards on, with indicators', () => {
    render(<CardStrip cards={stripCards(agentInfo(), only('blance', 'recording_card', 'location_card'))} />);
    const strip = screen.getByTestId('card-strip');
    expect(strip.dataset.mode).toBe('swipe');
    expect(strip.querySelectorAll('.card-strip__page')).toHaveLength(1);
  });

  it('shows every enabled card in the swipe, with a dot per page of three', () => {
    render(<CardStrip cards={stripCards(agentInfo(), allOn())} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByTestId('card-strip').querySelectorAll('.adm-page-indicator-dot')).toHaveLength(3);
    expect(screen.queryByTestId('card-video')).toBeNull();
  });

  it('moves the dot to the page the strip is scrolled to', () => {
    render(<CardStrip cards={stripCards(agentInfo(), allOn())} />);
    const strip = screen.getByTestId('card-strip');
    const track = strip.querySelector('.card-strip__track') as HTMLElement;
    const active = () =>
      [...strip.querySelectorAll('.adm-page-indicator-dot')].findIndex((dot) =>
        dot.classList.contains('adm-page-indicator-dot-active'),
      );
    expect(active()).toBe(0);
    Object.defineProperty(track, 'clientWidth', { value: 300 });
    track.scrollLeft = 600;
    fireEvent.scroll(track);
    expect(active()).toBe(2);
    track.scrollLeft = 290;
    fireEvent.scroll(track);
    expect(active()).toBe(1);
  });

  it('writes balances of millions in full, in smaller type', () => {
    const cards = [
      { key: 'voice', balance: 9_996_000 },
      { key: 'recording', balance: 10_000_000 },
      { key: 'location', balance: 30 },
    ] as const;
    render(<CardStrip cards={[...cards]} />);
    const value = (key: string) => screen.getByTestId(`card-${key}`).querySelector('.balance__value');
    expect(value('voice')?.textContent).toBe('9,996,000');
    expect(value('voice')?.className).toContain('balance__value--long');
    expect(value('recording')?.className).toContain('balance__value--longer');
    expect(value('location')?.className).toBe('balance__value');
  });

  it('says so when no card is enabled', () => {
    render(<CardStrip cards={stripCards(agentInfo(), only())} />);
    expect(screen.getByTestId('card-strip').textContent).toBe(
      'No service cards are enabled for this account.',
    );
  });
});
