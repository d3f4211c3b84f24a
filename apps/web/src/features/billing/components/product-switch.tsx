import type { ProductType } from '@fnodesk/contracts';
import { Link } from 'react-router';
import { clearSelectedPlan, selectedProduct } from '../utils/selected-plan';

const PRODUCTS: readonly { product: ProductType; name: string; lead: string; icon: string }[] = [
  {
    product: 'd',
    name: 'Discover',
    lead: 'Analysis: option chain, orderflow, OI, straddles and more',
    icon: 'M3 3v18h18M7 15l4-4 3 3 6-7',
  },
  {
    product: 'qt',
    name: 'QuikTrade',
    lead: 'One-click execution through your own broker accounts',
    icon: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  },
];

/** 'Select the Product': two cards switching between the Discover and QuikTrade pricing pages (spec §2, §4). */
export function ProductSwitch({ current, links }: { current: ProductType; links: Record<ProductType, string> }) {
  // Changing product forgets a plan chosen for the other one (spec §4).
  const onSwitch = (product: ProductType) => {
    const remembered = selectedProduct();
    if (remembered !== null && remembered !== product) clearSelectedPlan();
  };
  return (
    <nav aria-label="Select the Product" className="mb-4">
      <h2 className="h6 text-uppercase text-body-secondary mb-3">Select the Product</h2>
      <div className="row g-3">
        {PRODUCTS.map(({ product, name, lead, icon }) => {
          const active = product === current;
          return (
            <div className="col-sm-6" key={product}>
              <Link
                to={links[product]}
                onClick={() => onSwitch(product)}
                aria-current={active ? 'page' : undefined}
                className={`product-switch-card card h-100 text-decoration-none ${active ? 'border-primary border-2 shadow-sm' : ''}`}
              >
                <div className="card-body d-flex align-items-center gap-3">
                  <svg
                    width="40"
                    height="40"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                    className={active ? 'text-primary' : 'text-body-secondary'}
                  >
                    <path d={icon} />
                  </svg>
                  <span>
                    <span className="d-block fw-semibold text-body">{name}</span>
                    <span className="d-block small text-body-secondary">{lead}</span>
                  </span>
                </div>
              </Link>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
