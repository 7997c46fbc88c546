// A send's audience, for the delivery module: counted per language and selected for its
// INSERT … SELECT of delivery rows, from one condition (audience-repo.ts).
export {
  audienceRows,
  countAudienceByLanguage,
  type TAudienceBody,
  type TAudienceColumns,
} from './audience-repo.js';
