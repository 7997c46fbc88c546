// The endpoint table (decision 0067): Credits, the credit ledger and the development checkout.
import {
  type ZBillingInfo,
  type ZCreditLedgerList,
  ZDevCheckoutRequest,
  type ZDevCheckoutResponse,
} from '../billing.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/billing */
export const billingGet = endpoint('GET', '/admin/api/billing').returns<typeof ZBillingInfo>();

/** GET /admin/api/billing/history */
export const billingHistory = endpoint('GET', '/admin/api/billing/history').returns<
  typeof ZCreditLedgerList
>();

/** POST /dev/api/stripe/checkout */
export const billingDevCheckout = endpoint('POST', '/dev/api/stripe/checkout', {
  body: ZDevCheckoutRequest,
}).returns<typeof ZDevCheckoutResponse>();

/** The area's entries by name. */
export const billingEndpoints = {
  get: billingGet,
  history: billingHistory,
  devCheckout: billingDevCheckout,
};
