import type { Catalogue } from './catalogue-types';

/** The QuikTrade catalogue: the categories of spec §2 with the plan matrix and order window of the spec. */
export const QUIKTRADE_CATALOGUE: Catalogue = {
  product: 'QuikTrade',
  categories: [
    'All',
    'Trade',
    'Order Type Supported',
    'Risk Management Options',
    'Rule Based Trading',
    'Other Unique Features',
    'Broker Supported',
  ],
  features: [
    {
      id: 'one-click-trading',
      name: 'One-Click Trading',
      category: 'Trade',
      summary: 'Buy or sell from the chart or the option chain in one click.',
      lines: [
        'The order window opens with lot, price, target and stop-loss filled in.',
        'Buy and Sell place the order at once on your selected broker accounts.',
        'Orders larger than the exchange freeze limit are sliced automatically.',
      ],
      page: '/pages/trading',
    },
    {
      id: 'basket-orders',
      name: 'Basket Orders',
      category: 'Trade',
      summary: 'Collect orders in a basket and send them together.',
      lines: [
        'Add orders to the basket from any page.',
        'The margin for the whole basket is calculated before you send it.',
        'Execute sends every line at once, then clears the basket.',
      ],
      page: '/trading/orders',
    },
    {
      id: 'straddle-strangle-chain-trading',
      name: 'Straddle & Strangle Chain Trading',
      category: 'Trade',
      summary: 'Trade straddles and strangles straight from the chain (Pro).',
      lines: [
        'Pick a straddle or strangle in the chain and trade both legs together.',
        'Premium, margin and reward to risk are shown before you send.',
        'Included in the Pro plan.',
      ],
    },
    {
      id: 'market-and-limit-orders',
      name: 'Market & Limit Orders',
      category: 'Order Type Supported',
      summary: 'Market orders fill at once; limit orders wait for your price.',
      lines: [
        'Market: price and trigger are not needed.',
        'Limit: set the price; the trigger is not needed.',
        'Prices are rounded to the instrument’s tick size.',
      ],
    },
    {
      id: 'stop-loss-orders',
      name: 'SL & SL-M Orders',
      category: 'Order Type Supported',
      summary: 'Stop-loss orders with a limit price or at market.',
      lines: [
        'SL: price and trigger, both seeded from the market price.',
        'SL-M: trigger only; the order fills at market once triggered.',
        'Stop-loss must be below the price for a buy and above it for a sell.',
      ],
    },
    {
      id: 'amo-and-ioc',
      name: 'AMO, IOC and Product Types',
      category: 'Order Type Supported',
      summary: 'After-market orders, immediate-or-cancel validity, intraday and carry-forward.',
      lines: [
        'Variety regular or AMO; validity DAY or IOC.',
        'Product MIS for intraday, NRML (or CNC for equity) to carry forward.',
        'Modify or cancel open orders from the same window.',
      ],
    },
    {
      id: 'target-and-stop-loss',
      name: 'Target & Stop-Loss',
      category: 'Risk Management Options',
      summary: 'Set target and stop-loss in points, percent or price with every order.',
      lines: [
        'Target and stop-loss in points, percentage or price; they convert into each other.',
        'Reward multiples of 1R, 1.5R and 2R set the target from the stop-loss.',
        'Orders with an inconsistent target or stop-loss cannot be sent.',
      ],
    },
    {
      id: 'portfolio-stop-loss',
      name: 'Portfolio & Position Stop-Loss',
      category: 'Risk Management Options',
      summary: 'Stop-loss, trailing stop-loss and target for positions and the whole portfolio.',
      lines: [
        'Exit a position, or every position, when the loss or profit reaches your limit.',
        'Trailing stop-loss locks in profit as the trade moves your way.',
        'Included in Scalper and Pro.',
      ],
      page: '/risk-setting',
    },
    {
      id: 'position-sizing',
      name: 'Position Sizing',
      category: 'Risk Management Options',
      summary: 'Lots sized from your risk per trade and the stop-loss distance.',
      lines: [
        'Set the capital at risk per trade and the number of positions allowed.',
        'The order window shows the position size and flags oversized trades in red.',
        'A reward to risk below your ideal shows No Trade.',
      ],
    },
    {
      id: 'rules-based-trading',
      name: 'Rules-Based Trading',
      category: 'Rule Based Trading',
      summary: 'Entries and exits that fire on conditions you set (Pro).',
      lines: [
        'Combine price, time and P&L conditions into rules.',
        'Rules place, modify and exit orders without you watching the screen.',
        'Included in the Pro plan.',
      ],
    },
    {
      id: 'one-click-adjustments',
      name: 'One-Click Position Adjustments',
      category: 'Other Unique Features',
      summary: 'Shift, roll or hedge an open position in one click (Pro).',
      lines: [
        'Roll a leg to the next strike or expiry without rebuilding the position.',
        'Add a hedge or square off one leg from the positions table.',
        'Included in the Pro plan.',
      ],
      page: '/trading/positions',
    },
    {
      id: 'multi-broker-trading',
      name: 'Trade Several Brokers at Once',
      category: 'Other Unique Features',
      summary: 'One order, placed on every broker account you enable.',
      lines: [
        'Enable the accounts to trade; each order goes to all of them.',
        'One broker is included; extra accounts are an add-on.',
        'Logs record what each broker answered.',
      ],
      page: '/trading/dashboard',
    },
    {
      id: 'paper-trading',
      name: 'Paper Trading',
      category: 'Other Unique Features',
      summary: 'Practise with simulated orders on live prices.',
      lines: [
        'Orders fill against live prices without real money.',
        'The first 5000 simulated orders are free (Nifty only on the Free plan).',
        'Switch to a real broker account when you are ready.',
      ],
    },
    {
      id: 'supported-brokers',
      name: '50+ Brokers',
      category: 'Broker Supported',
      summary: 'Zerodha, Upstox, Angel One, Dhan, Fyers and more, plus every Symphony XTS broker.',
      lines: [
        'Direct integrations: Zerodha, Upstox, Angel One, Dhan, Fyers, 5Paisa, Aliceblue, Firstock, Kotak Neo, Shoonya, FlatTrade, ICICI Direct and Jainam.',
        'Every broker on the Symphony XTS API is supported, 200+ in all through XTS.',
        'Broker names are shown for information only; there is no partnership implied.',
      ],
      page: '/trading/broker-accounts',
    },
  ],
};
