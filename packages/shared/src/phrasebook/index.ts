// The vetted alert phrasebook (decision 0050): alert sentences, NWS event names and instructions,
// and the untranslated notice, written and reviewed by us in all nine languages.
export { PHRASEBOOK } from './entries.js';
export {
  PHRASE_FIELD_LIMITS,
  PHRASE_FIELDS,
  type TPhraseEntry,
  type TPhraseField,
  type TPhraseGroup,
} from './fields.js';
export { NWS_EVENT_NAMES, nwsEventName } from './nws-events.js';
export {
  matchInstruction,
  NWS_INSTRUCTIONS,
  splitSentences,
  type TNwsInstruction,
} from './nws-instructions.js';
export {
  findPhrase,
  phraseFieldProblems,
  renderPhrase,
  renderPhraseTitle,
  type TPhraseFieldProblem,
} from './render.js';
export { untranslatedNotice } from './untranslated.js';
