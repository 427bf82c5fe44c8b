// The orders feature's public face for the files that import it from here: placement (placement.ts),
// the state machine (transitions.ts), cancellation (cancellation.ts) and reads (reads.ts).
export type { OrderAddress, OrderSummary, OrderSummaryLine, OrderView } from './model';
export { checkTotals, OrderError, type OrderErrorCode, placeOrder, type PlaceOrderInput, type RedeemCoupon } from './placement';
export { OrderTransitionError, transitionOrder } from './transitions';
export { cancelOrder, cancelOrderIn, cancelUnpaidOrders, ORDER_PAYMENT_TIMEOUT_MINUTES } from './cancellation';
export { findOrderById, findOrderByNumber } from './reads';
