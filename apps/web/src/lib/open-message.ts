import type { TMessage } from '../api/messages';

/** Where a message made elsewhere (a template, a weather alert) lands: the Messages page, with it open. */
export type TOpenMessageState = { openMessage: TMessage };

/** A link that opens the Messages page with New Message open (the dashboard's first-run step). */
export type TNewMessageState = { newMessage: true };
