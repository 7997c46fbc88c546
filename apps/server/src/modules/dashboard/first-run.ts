// The first-run checklist of a new station's dashboard: each step read from the rows of
// the module that owns them, at once; and an admin hiding it for the station.
import { FIRST_RUN_STEPS, type TFirstRun, type TFirstRunStep } from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { stationHasAudit } from '../audit/service.js';
import { hasConnectedMachine } from '../machines/service.js';
import { countStationMessages } from '../messages/overview-service.js';
import { findStationById, listLanguages } from '../station/service.js';
import { countStationContacts } from '../subscribers/overview-service.js';
import * as repo from './first-run-repo.js';

type TContext = Pick<TServiceContext, 'db' | 'stationId'>;

export async function firstRunChecklist(context: TContext): Promise<TFirstRun> {
  const { db, stationId } = context;
  const [station, hiddenAt, languages, typesEdited, contacts, messages, machine] = await Promise.all([
    findStationById(db, stationId),
    repo.findFirstRunHiddenAt(db, stationId),
    // Only how many: the primary's place in the order does not matter here.
    listLanguages(db, { id: stationId, primaryLanguage: '' }),
    stationHasAudit(db, stationId, 'message_type'),
    countStationContacts(db, { stationId }),
    // Only the total is read: any start date will do.
    countStationMessages(db, { stationId, since: '1970-01-01' }),
    hasConnectedMachine(db, stationId),
  ]);
  if (!station) throw notFound('station_not_found');
  const done: Record<TFirstRunStep, boolean> = {
    sms_enabled: station.smsEnabled,
    languages: languages.length > 1,
    message_types: typesEdited,
    first_subscriber: contacts.active > 0,
    first_message: messages.total > 0,
    desktop_app: machine,
  };
  const steps = FIRST_RUN_STEPS.map((key) => ({ key, done: done[key] }));
  return {
    steps,
    complete: steps.every((step) => step.done),
    hidden: hiddenAt !== null,
  };
}

/** The first-run row of a new station: call in the transaction that creates it. */
export function openStationFirstRun(tx: DbOrTx, stationId: string) {
  return repo.insertFirstRun(tx, stationId);
}

export async function setFirstRunVisibility(
  context: TContext & Pick<TServiceContext, 'now'>,
  hidden: boolean,
): Promise<TFirstRun> {
  await repo.setFirstRunHidden(context.db, context.stationId, hidden ? context.now : null);
  return firstRunChecklist(context);
}
