/** Order states and the one table of allowed transitions (every change goes through transitionOrder). */
export const orderStates = ['Placed', 'AwaitingPayment', 'Paid', 'Shipped', 'Cancelled', 'Refunded'] as const;
export type OrderState = (typeof orderStates)[number];

export const transitions: Readonly<Record<OrderState, readonly OrderState[]>> = {
  Placed: ['AwaitingPayment', 'Paid', 'Cancelled'],
  AwaitingPayment: ['Paid', 'Cancelled'],
  Paid: ['Shipped', 'Refunded'],
  Shipped: ['Refunded'],
  Cancelled: [],
  Refunded: [],
};

/** Moves only the payment provider makes: an authorisation voided before capture (no money taken) cancels a Paid order. */
export const providerTransitions: Readonly<Partial<Record<OrderState, readonly OrderState[]>>> = {
  Paid: ['Cancelled'],
};

export function canTransition(from: OrderState, to: OrderState, { byProvider = false } = {}): boolean {
  return (transitions[from]?.includes(to) ?? false) || (byProvider && (providerTransitions[from]?.includes(to) ?? false));
}

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === 'string' && (orderStates as readonly string[]).includes(value);
}

/** Moves the system makes, never staff: the checkout puts a bank transfer AwaitingPayment, only the card payment's notification marks a Placed (card) order Paid. */
const systemTransitions: Readonly<Partial<Record<OrderState, readonly OrderState[]>>> = {
  Placed: ['AwaitingPayment', 'Paid'],
};

/** The moves staff may offer from a state (the staff orders screen): the table's, less the system's own. */
export function staffTransitionsFrom(state: OrderState): readonly OrderState[] {
  return transitions[state].filter((to) => !(systemTransitions[state]?.includes(to) ?? false));
}
