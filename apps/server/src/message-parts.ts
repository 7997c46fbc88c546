// What a message shows of tables owned by modules above messages (decision 0065): its latest SMS
// send (delivery) and the engines its station trusts (translation). messages cannot import them,
// so this one function builds the parts: buildApp hands them to the services (`messageParts` of
// their context), and tests and benches that call the messages service take them from here.
import { lastSendFromJson, latestSendJsonSql } from './modules/delivery/last-send-service.js';
import type { TMessageOutsideParts } from './modules/messages/outside-parts.js';
import {
  trustedEngineNamesSql,
  trustedEnginesFor,
  trustedEnginesOf,
} from './modules/translation/trust-service.js';

export function messageParts(): TMessageOutsideParts {
  return {
    lastSend: { jsonSql: latestSendJsonSql, fromJson: lastSendFromJson },
    trust: {
      enginesFor: trustedEnginesFor,
      engineNamesSql: trustedEngineNamesSql,
      enginesOf: trustedEnginesOf,
    },
  };
}
