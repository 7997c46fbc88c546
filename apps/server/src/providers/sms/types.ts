// The one interface every SMS vendor implements: send one message, get the provider's id back,
// or a typed error saying whether trying again could help.

export type TSmsMessage = {
  /** E.164 */
  to: string;
  body: string;
  /** The station on whose behalf it is sent, when there is one (signup codes have none yet). */
  stationId?: string | null;
  /**
   * The station's own sender (decision 0016): an E.164 number or a Messaging Service SID (MG…).
   * Absent: the service's configured number or Messaging Service.
   */
  from?: string | null;
};

export type TSmsSendResult = { providerMessageId: string };

export type TSmsFailureKind = 'transient' | 'permanent';

/** A failed call to the provider (a send or a lookup), always with a message (decision 0051). */
export class SmsSendError extends Error {
  /** How long the provider asked us to wait before calling again (its Retry-After), when it said. */
  readonly retryAfterMs?: number;
  /**
   * The request may have reached the provider although no answer came back (a timeout, a
   * connection cut after the request left): the text may have been sent, so it is looked up
   * before it is sent again, like one a crashed node left in flight.
   */
  readonly inDoubt: boolean;

  constructor(
    readonly kind: TSmsFailureKind,
    message: string,
    /** The vendor's own error code, e.g. Twilio's 21211. */
    readonly code?: string | number,
    more: { retryAfterMs?: number; inDoubt?: boolean } = {},
  ) {
    super(message);
    this.name = 'SmsSendError';
    if (more.retryAfterMs !== undefined) this.retryAfterMs = more.retryAfterMs;
    this.inDoubt = more.inDoubt === true;
  }
}

/** A text whose send was started by a node that died: did the provider receive it? */
export type TSmsLookup = { to: string; body: string; since: Date };

export type TSmsProvider = {
  readonly name: 'twilio' | 'outbox';
  send(message: TSmsMessage): Promise<TSmsSendResult>;
  /**
   * For each text, the provider's id when it has a message to that number with that body created
   * since then, else null. Throws when the provider cannot answer, an SmsSendError saying whether
   * asking again may help (the dispatcher retries for a while, then may send it again: 0051).
   */
  lookup?(messages: TSmsLookup[], from?: string | null): Promise<(string | null)[]>;
};
