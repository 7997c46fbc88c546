// What a message shows of tables owned by modules above messages (decision 0065): where its
// latest SMS send stands (delivery's sends) and which engines its station trusts (translation's
// settings). Those modules read messages, so messages does not import them: the composition root
// builds the parts (message-parts.ts) and hands them to the services that answer a message, as
// `messageParts` of their context.
import type { TMessageLastSend } from '@message-station/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export type TMessageOutsideParts = {
  lastSend: {
    /** The message's latest send as JSON, a column of the messages list's one statement. */
    jsonSql(stationId: SQL, messageId: SQL, now: SQL): SQL;
    /** The API's view of what jsonSql read. */
    fromJson(row: never): TMessageLastSend | null;
  };
  trust: {
    /** The engines the station trusts, as translations record them (`station:deepl`). */
    enginesFor(db: DbOrTx, stationId: string): Promise<Set<string>>;
    /** The names of the engines the station trusts, a column of a one-statement read. */
    engineNamesSql(stationId: SQL): SQL;
    /** enginesFor's set from the names engineNamesSql read. */
    enginesOf(names: string[]): Set<string>;
  };
};
