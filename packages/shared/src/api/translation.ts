// The endpoint table (decision 0067): Translation engines, language coverage and the glossary.
import { type ZGlossary, ZGlossaryRequest } from '../glossary.js';
import { type ZAllLanguagesCoverage, ZLanguageCoverageQuery } from '../language-coverage.js';
import {
  type ZTranslationCoverage,
  ZTranslationCoverageQuery,
  ZTranslationEnginesRequest,
  ZTranslationEngineTestRequest,
  type ZTranslationEngineTestResponse,
  type ZTranslationSettings,
} from '../translation-settings.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/settings/translation */
export const translationSettings = endpoint('GET', '/admin/api/settings/translation').returns<
  typeof ZTranslationSettings
>();

/** PUT /admin/api/settings/translation */
export const translationSaveSettings = endpoint('PUT', '/admin/api/settings/translation', {
  body: ZTranslationEnginesRequest,
}).returns<typeof ZTranslationSettings>();

/** POST /admin/api/settings/translation/test */
export const translationTestEngine = endpoint('POST', '/admin/api/settings/translation/test', {
  body: ZTranslationEngineTestRequest,
}).returns<typeof ZTranslationEngineTestResponse>();

/** GET /admin/api/settings/translation/coverage */
export const translationCoverage = endpoint('GET', '/admin/api/settings/translation/coverage', {
  query: ZTranslationCoverageQuery,
}).returns<typeof ZTranslationCoverage>();

/** GET /admin/api/settings/translation/languages */
export const translationLanguages = endpoint('GET', '/admin/api/settings/translation/languages', {
  query: ZLanguageCoverageQuery,
}).returns<typeof ZAllLanguagesCoverage>();

/** GET /admin/api/settings/glossary */
export const translationGlossary = endpoint('GET', '/admin/api/settings/glossary').returns<
  typeof ZGlossary
>();

/** PUT /admin/api/settings/glossary */
export const translationSaveGlossary = endpoint('PUT', '/admin/api/settings/glossary', {
  body: ZGlossaryRequest,
}).returns<typeof ZGlossary>();

/** The area's entries by name. */
export const translationEndpoints = {
  settings: translationSettings,
  saveSettings: translationSaveSettings,
  testEngine: translationTestEngine,
  coverage: translationCoverage,
  languages: translationLanguages,
  glossary: translationGlossary,
  saveGlossary: translationSaveGlossary,
};
