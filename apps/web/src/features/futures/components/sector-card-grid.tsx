import { formatIndianNumber } from '@fnodesk/domain';
import type { SectorCard } from '../utils/breadth';

const tone = (value: number | null) =>
  value === null || value === 0 ? '' : value > 0 ? 'text-success' : 'text-danger';
const signed = (value: number | null, suffix = '') =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${formatIndianNumber(value, 2)}${suffix}`;

/** Sector cards (Advance/Decline, Pre-Market): each sector's stocks with price, change and change %. */
export function SectorCardGrid({ cards, priceLabel }: { cards: readonly SectorCard[]; priceLabel: string }) {
  return (
    <div className="row g-2">
      {cards.map((card) => (
        <div key={card.sector} className="col-12 col-md-6 col-xl-4">
          <section className="card h-100" data-testid="sector-card" data-sector={card.sector}>
            <div className="card-header py-1 d-flex justify-content-between gap-2">
              <h2 className="h6 mb-0 text-truncate">{card.sector}</h2>
              <span className={`small font-monospace ${tone(card.averagePercent)}`} data-testid="sector-average">
                {signed(card.averagePercent, '%')}
              </span>
            </div>
            <div className="table-responsive">
              <table className="table table-sm mb-0 small">
                <caption className="visually-hidden">{card.sector}</caption>
                <thead>
                  <tr>
                    <th scope="col">SYMBOL</th>
                    <th scope="col" className="text-end">
                      {priceLabel}
                    </th>
                    <th scope="col" className="text-end">
                      CHG
                    </th>
                    <th scope="col" className="text-end">
                      CHG%
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {card.stocks.map((stock) => (
                    <tr key={stock.symbol} data-symbol={stock.symbol}>
                      <th scope="row" className="fw-normal">
                        {stock.symbol}
                      </th>
                      <td className="text-end font-monospace">
                        {stock.price === null ? '–' : formatIndianNumber(stock.price, 2)}
                      </td>
                      <td className={`text-end font-monospace ${tone(stock.change)}`}>{signed(stock.change)}</td>
                      <td
                        className={`text-end font-monospace ${tone(stock.changePercent)}`}
                        data-testid="stock-change-percent"
                      >
                        {signed(stock.changePercent, '%')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      ))}
    </div>
  );
}
