import type { StatisticsCard } from '@coffer/core';
import { useId } from 'react';
import { formatPercentage, formatStat } from './statistic-format.js';

/** Texts of a card's change, read before the percentage. */
export const CHANGE_TEXT = { up: 'Up by', down: 'Down by', none: 'No change' } as const;

/** How a card's figure moved against the previous period: an arrow and the percentage. */
function Change({ increase, percentage }: Pick<StatisticsCard, 'increase' | 'percentage'>) {
  if (percentage === 0) {
    return (
      <p className="stat-card__change">
        <span aria-hidden="true">–</span> {CHANGE_TEXT.none}
      </p>
    );
  }
  const direction = increase ? 'up' : 'down';
  return (
    <p className={`stat-card__change stat-card__change--${direction}`}>
      <span className="stat-card__arrow" aria-hidden="true">
        {increase ? '▲' : '▼'}
      </span>
      <span className="visually-hidden">{CHANGE_TEXT[direction]} </span>
      {formatPercentage(percentage)}
    </p>
  );
}

/** One statistic card (spec section 3): title, figure (pounds when money), change arrow and percentage. */
export function StatisticCard({ card }: { card: StatisticsCard }) {
  const titleId = useId();
  return (
    <article className="stat-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="stat-card__title">
        {card.title}
      </h3>
      <p className="stat-card__stat">{formatStat(card.stat, card.currency)}</p>
      <Change increase={card.increase} percentage={card.percentage} />
    </article>
  );
}
