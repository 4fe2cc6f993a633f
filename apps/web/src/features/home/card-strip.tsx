import PageIndicator from 'antd-mobile/es/components/page-indicator';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format.ts';
import { isStaticStrip, type StripCard, swipePages } from './strip-cards.ts';

/** Balances of millions keep all their digits in a third of a phone's width, in a smaller size. */
const valueClass = (text: string) =>
  text.length >= 10
    ? 'balance__value balance__value--longer'
    : text.length >= 8
      ? 'balance__value balance__value--long'
      : 'balance__value';

const CardTile = ({ card }: { card: StripCard }) => {
  const { t } = useTranslation();
  const value = formatCount(card.balance);
  return (
    <li
      className={`balance balance--${card.key}${card.short || card.low ? ' balance--short' : ''}`}
      data-testid={`card-${card.key}`}
      data-short={card.short ? 'true' : undefined}
      data-low={card.low ? 'true' : undefined}
    >
      <span className="balance__label">{t(`card.${card.key}`)}</span>
      <span className={valueClass(value)}>{value}</span>
      <span className="balance__unit">{t('card.unit', { count: card.balance })}</span>
      {(card.short || card.low) && (
        <span className="balance__mark" data-testid={`card-${card.key}-mark`}>
          {card.short ? t('renewal.strip.short') : t('renewal.strip.low')}
          <span className="visually-hidden">
            {' '}
            {card.short ? t('renewal.strip.shortHint') : t('renewal.strip.lowHint')}
          </span>
        </span>
      )}
    </li>
  );
};

/** Card balances: static below three cards, otherwise a swipe of three per page with indicators. */
export const CardStrip = ({ cards }: { cards: StripCard[] }) => {
  const { t } = useTranslation();
  if (cards.length === 0) {
    return (
      <p className="card-strip__empty" data-testid="card-strip" data-mode="empty">
        {t('home.noCards')}
      </p>
    );
  }
  if (isStaticStrip(cards.length)) {
    return (
      <ul className="card-strip__page" data-testid="card-strip" data-mode="static">
        {cards.map((card) => (
          <CardTile key={card.key} card={card} />
        ))}
      </ul>
    );
  }
  return <SwipeStrip pages={swipePages(cards)} />;
};

/**
 * Pages of three cards in a row that scrolls sideways and snaps page by page (CSS scroll snap: the
 * browser's own swipe, so the strip costs no script while it moves), with a dot per page.
 */
const SwipeStrip = ({ pages }: { pages: StripCard[][] }) => {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const track = event.currentTarget;
    if (track.clientWidth > 0) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  };
  return (
    <div className="card-strip" data-testid="card-strip" data-mode="swipe">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll by keys */}
      <section className="card-strip__track" onScroll={onScroll} tabIndex={0} aria-label={t('home.balances')}>
        {pages.map((page) => (
          <ul className="card-strip__page" key={page.map((card) => card.key).join('-')}>
            {page.map((card) => (
              <CardTile key={card.key} card={card} />
            ))}
          </ul>
        ))}
      </section>
      <PageIndicator className="card-strip__dots" total={pages.length} current={current} />
    </div>
  );
};
