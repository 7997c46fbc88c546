// What a new station gets from other modules (decision 0065): billing's row (`station_billing`: plan,
// payment state, billing address) and opening credits, and the 1:1 rows of delivery, the inbox and
// the dashboard (higher layers, which the station module cannot import), written in the
// transaction that creates the station. The one list of them: buildApp hands it to the services
// (`stationCreationSteps` of their context), the seed and the test factories take it from here.
import { grantOpeningCredits } from './modules/billing/service.js';
import { openStationFirstRun } from './modules/dashboard/first-run.js';
import { openStationSending } from './modules/delivery/sending-service.js';
import { openStationInbox } from './modules/inbox/service.js';
import type { TStationCreationStep } from './modules/station/creation.js';

export function stationCreationSteps(): TStationCreationStep[] {
  return [
    (tx, station, input) =>
      grantOpeningCredits(tx, station, {
        paymentStatus: input.paymentStatus,
        paymentExpiresAt: input.paymentExpiresAt,
        billingEmail: input.billingEmail,
        credits: input.smsCreditsBalance ?? 0,
        at: input.now,
      }),
    (tx, station) => openStationSending(tx, station.id),
    (tx, station) => openStationInbox(tx, station.id),
    (tx, station) => openStationFirstRun(tx, station.id),
  ];
}
