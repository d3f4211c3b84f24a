import { abbreviateIndianNumber, formatIndianNumber } from '@fnodesk/domain';

/** One figure of the summary. */
export interface SummaryFigure {
  label: string;
  value: number | null;
  /** 'quantity' in K/L/Cr, 'ratio' with two decimals, 'price' with Indian grouping. */
  format: 'quantity' | 'ratio' | 'price';
  /** Colour the value green when positive, red when negative. */
  signed?: boolean;
  testId?: string;
}

function formatFigure(figure: SummaryFigure): string {
  const { value, format } = figure;
  if (value === null || !Number.isFinite(value)) return '–';
  const sign = figure.signed === true && value > 0 ? '+' : '';
  if (format === 'quantity')
    return sign + (Math.abs(value) < 1000 ? formatIndianNumber(value, 0) : abbreviateIndianNumber(value));
  return sign + formatIndianNumber(value, 2);
}

/** A strip of summary cards (pages brief G4: Spot, Total CE OI, Total PE OI, their changes, PCR). */
export function ChainSummaryCards({ figures }: { figures: readonly SummaryFigure[] }) {
  return (
    <dl className="d-flex flex-wrap gap-2 mb-0">
      {figures.map((figure) => {
        const tone =
          figure.signed !== true || figure.value === null || figure.value === 0
            ? ''
            : figure.value > 0
              ? 'text-success'
              : 'text-danger';
        return (
          <div key={figure.label} className="border rounded px-2 py-1">
            <dt className="small text-body-secondary fw-normal text-nowrap">{figure.label}</dt>
            <dd className={`mb-0 fw-semibold font-monospace ${tone}`} data-testid={figure.testId}>
              {formatFigure(figure)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
