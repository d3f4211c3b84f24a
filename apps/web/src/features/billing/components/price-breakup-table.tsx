import type { SubscriptionOrder } from '@fnodesk/contracts';
import type { ReactNode } from 'react';
import { Badge, Table } from 'react-bootstrap';
import { formatRupeeAmount, productName } from '../utils/plan-display';

/** 'Plan Details & Price Breakup' (spec §2 `/payment`): every row in the spec's order, figures from the server. */
export function PriceBreakupTable({ order }: { order: SubscriptionOrder }) {
  const b = order.breakdown;
  const rows: { label: string; value: ReactNode; key: string }[] = [
    { key: 'product', label: 'Product', value: productName(order.plan.product) },
    { key: 'plan', label: 'Plan Name', value: order.plan.planName },
    { key: 'validity', label: 'Validity (days)', value: order.plan.numberOfDays },
    { key: 'net', label: 'Net Price', value: formatRupeeAmount(b.netPrice) },
    { key: 'discount', label: 'Discount', value: formatRupeeAmount(b.discount) },
  ];
  if (order.promoCode !== null) {
    rows.push({
      key: 'promo',
      label: 'Promo Discount',
      value: (
        <>
          {formatRupeeAmount(b.promoDiscount)} <span className="small text-body-secondary">({order.promoCode})</span>
        </>
      ),
    });
  }
  rows.push(
    {
      key: 'total-discount',
      label: 'Total Discount',
      value: (
        <>
          {formatRupeeAmount(b.totalDiscount)}{' '}
          <Badge bg="success" className="ms-1">
            You Saved {b.savedPercent}%
          </Badge>
        </>
      ),
    },
    { key: 'per-month', label: 'Price/Month', value: formatRupeeAmount(b.pricePerMonth) },
    { key: 'after-discount', label: 'Price After Discount', value: formatRupeeAmount(b.priceAfterDiscount) },
    { key: 'gst', label: 'GST (18%)', value: formatRupeeAmount(b.gst) },
  );
  return (
    <Table bordered className="price-breakup-table align-middle mb-0">
      <caption className="caption-top fw-semibold text-body h5">Plan Details &amp; Price Breakup</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-row={row.key}>
            <th scope="row">{row.label}</th>
            <td className="text-end">{row.value}</td>
          </tr>
        ))}
        <tr data-row="final" className="table-active">
          <th scope="row">Final Price You Pay</th>
          <td className="text-end fw-bold final-price">{formatRupeeAmount(b.finalPrice)}</td>
        </tr>
      </tbody>
    </Table>
  );
}
