/** Risk-free rate used to discount option payoffs (Indian T-bill yields, continuously compounded). */
export const OPTION_DISCOUNT_RATE = 0.065;
