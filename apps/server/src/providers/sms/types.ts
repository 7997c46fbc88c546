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

/** A text whose send was started by a node that died: did the provider receive it? */
export type TSmsLookup = { to: string; body: string; since: Date };

export type TSmsProvider = {
  readonly name: 'twilio' | 'outbox';
  send(message: TSmsMessage): Promise<TSmsSendResult>;
  /**
   * For each text, the provider's id when it has a message to that number with that body created
   * since then, else null. Throws when the provider cannot answer (then it may be sent again).
   */
  lookup?(messages: TSmsLookup[], from?: string | null): Promise<(string | null)[]>;
};
