import { hmacBase64, signatureMatches } from './signing';

/**
 * A provider notification item (the sessions flow's webhook shape): the event, its PSP reference, our
 * merchantReference (the payment session id), the amount, and additionalData.hmacSignature over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success.
 */
export interface NotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  success: 'true' | 'false';
  eventDate?: string;
  additionalData?: { hmacSignature?: string; [key: string]: unknown };
}

export interface NotificationBody {
  live: 'true' | 'false';
  notificationItems: { NotificationRequestItem: NotificationItem }[];
}

export function signingString(item: NotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount?.value ?? ''),
    item.amount?.currency ?? '',
    item.eventCode,
    item.success,
  ].join(':');
}

/** Signs an item (the sandbox provider does this; tests use it to act as the provider). */
export function signItem(key: Buffer, item: Omit<NotificationItem, 'additionalData'>): NotificationItem {
  return { ...item, additionalData: { hmacSignature: hmacBase64(key, signingString(item)) } };
}

function isItem(value: unknown): value is NotificationItem {
  const item = value as NotificationItem | null;
  return (
    typeof item === 'object' && item !== null &&
    typeof item.pspReference === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(item.pspReference) &&
    typeof item.merchantReference === 'string' && item.merchantReference.length <= 100 &&
    typeof item.merchantAccountCode === 'string' && item.merchantAccountCode.length <= 100 &&
    typeof item.eventCode === 'string' && /^[A-Z_]{1,40}$/.test(item.eventCode) &&
    (item.success === 'true' || item.success === 'false') &&
    typeof item.amount === 'object' && item.amount !== null && Number.isInteger(item.amount.value) && typeof item.amount.currency === 'string'
  );
}

/** Whether a value is a well-formed item signed with `key` (anything else is rejected, leaving no trace). */
export function isSignedItem(key: Buffer, value: unknown): value is NotificationItem {
  return isItem(value) && signatureMatches(key, signingString(value), value.additionalData?.hmacSignature);
}
