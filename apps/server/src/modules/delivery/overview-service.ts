// What the dashboard reads of a station's sends: its activity lines, the people a message sent more
// than once reached, and the texts handed to the provider. The delivery module owns these tables.
export {
  countPeopleOfSends,
  listActivityLines,
  smsSentSql,
  type TActivityLineRow,
} from './overview-repo.js';
