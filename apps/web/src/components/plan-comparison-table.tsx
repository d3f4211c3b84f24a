import { Table } from 'react-bootstrap';
import type { PlanComparison } from './plan-comparisons';

function Cell({ value }: { value: boolean | string }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <span className="text-success fw-bold" aria-label="Included" role="img">
      ✓
    </span>
  ) : (
    <span className="text-body-secondary" aria-label="Not included" role="img">
      ✕
    </span>
  );
}

/** A plan feature-comparison table (Starter/Sixer/Pro or Scalper/Pro), responsive and readable in both colour modes. */
export function PlanComparisonTable({ comparison }: { comparison: PlanComparison }) {
  return (
    <Table responsive bordered hover className="plan-comparison-table align-middle text-center mb-0">
      <caption className="caption-top fw-semibold text-body">{comparison.caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="text-start">
            Feature
          </th>
          {comparison.plans.map((plan) => (
            <th scope="col" key={plan}>
              {plan}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {comparison.rows.map((row) => (
          <tr key={row.feature}>
            <th scope="row" className="text-start fw-normal">
              {row.feature}
            </th>
            {row.values.map((value, index) => (
              <td key={comparison.plans[index] ?? index}>
                <Cell value={value} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
