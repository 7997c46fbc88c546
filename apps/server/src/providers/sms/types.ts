// The one interface every SMS vendor implements: send one message, get the provider's id back,
// or a typed error saying whether trying again could help.

export type TSmsMessage = {
  /** E.164 */
  to: string;
  body: string;
  /** The station on whose behalf it is sent, when there is one (signup codes have none yet). */
  stationId?: string | null;
};

export type TSmsSendResult = { providerMessageId: string };

export type TSmsFailureKind = 'transient' | 'permanent';

export class SmsSendError extends Error {
  constructor(
    readonly kind: TSmsFailureKind,
    message: string,
    /** The vendor's own error code, e.g. Twilio's 21211. */
    readonly code?: string | number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export type TSmsProvider = {
  readonly name: 'twilio' | 'outbox';
  send(message: TSmsMessage): Promise<TSmsSendResult>;
};
