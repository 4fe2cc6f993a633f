import Swiper from 'antd-mobile/es/components/swiper';
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
    <li className={`balance balance--${card.key}`} data-testid={`card-${card.key}`}>
      <span className="balance__label">{t(`card.${card.key}`)}</span>
      <span className={valueClass(value)}>{value}</span>
      <span className="balance__unit">{t('card.unit')}</span>
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
  return (
    <div className="card-strip" data-testid="card-strip" data-mode="swiper">
      <Swiper indicatorProps={{ color: 'primary', className: 'card-strip__dots' }}>
        {swipePages(cards).map((page) => (
          <Swiper.Item key={page.map((card) => card.key).join('-')}>
            <ul className="card-strip__page">
              {page.map((card) => (
                <CardTile key={card.key} card={card} />
              ))}
            </ul>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
};
