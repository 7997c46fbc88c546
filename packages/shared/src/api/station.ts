// The endpoint table (decision 0067): The station: its summary, logo, settings, message types, SMS texts and voices.
import { ZMessageTypeIdParams } from '../id-params.js';
import type { ZStationSummary } from '../messages.js';
import {
  type ZLogoUploadResponse,
  type ZMessageTypeItem,
  type ZMessageTypeList,
  ZMessageTypeUpdate,
  type ZStationLanguageList,
} from '../station.js';
import {
  type ZStationSettings,
  ZStationSettingsRequest,
  type ZStationSettingsResponse,
} from '../station-settings.js';
import { ZStationSmsTextRequest, type ZStationSmsTexts } from '../station-sms-texts.js';
import {
  type ZTypeTranslationList,
  ZTypeTranslationParams,
  ZTypeTranslationUpdate,
} from '../type-translations.js';
import { ZVoiceSampleRequest, type ZVoiceSettings, ZVoiceSettingsUpdate } from '../voice-settings.js';
import { endpoint, type TFileReply, type TFormBody } from './endpoint.js';

/** GET /admin/api/station */
export const stationGet = endpoint('GET', '/admin/api/station').returns<typeof ZStationSummary>();

/** POST /admin/api/station/logo */
export const stationLogo = endpoint('POST', '/admin/api/station/logo').returns<
  typeof ZLogoUploadResponse,
  { body: TFormBody }
>();

/** GET /admin/api/station/settings */
export const stationSettings = endpoint('GET', '/admin/api/station/settings').returns<
  typeof ZStationSettings
>();

/** PUT /admin/api/station/settings */
export const stationSaveSettings = endpoint('PUT', '/admin/api/station/settings', {
  body: ZStationSettingsRequest,
}).returns<typeof ZStationSettingsResponse>();

/** GET /admin/api/message-types */
export const stationMessageTypes = endpoint('GET', '/admin/api/message-types').returns<
  typeof ZMessageTypeList
>();

/** PUT /admin/api/message-types/:id */
export const stationUpdateMessageType = endpoint('PUT', '/admin/api/message-types/:id', {
  params: ZMessageTypeIdParams,
  body: ZMessageTypeUpdate,
}).returns<typeof ZMessageTypeItem>();

/** GET /admin/api/station-languages */
export const stationLanguages = endpoint('GET', '/admin/api/station-languages').returns<
  typeof ZStationLanguageList
>();

/** GET /admin/api/message-type-translations */
export const stationTypeTranslations = endpoint('GET', '/admin/api/message-type-translations').returns<
  typeof ZTypeTranslationList
>();

/** PUT /admin/api/message-types/:id/translations/:language */
export const stationSaveTypeTranslation = endpoint(
  'PUT',
  '/admin/api/message-types/:id/translations/:language',
  { params: ZTypeTranslationParams, body: ZTypeTranslationUpdate },
).returns<typeof ZTypeTranslationList>();

/** GET /admin/api/settings/sms-texts */
export const stationSmsTexts = endpoint('GET', '/admin/api/settings/sms-texts').returns<
  typeof ZStationSmsTexts
>();

/** PUT /admin/api/settings/sms-texts */
export const stationSaveSmsText = endpoint('PUT', '/admin/api/settings/sms-texts', {
  body: ZStationSmsTextRequest,
}).returns<typeof ZStationSmsTexts>();

/** GET /admin/api/settings/voice */
export const stationVoices = endpoint('GET', '/admin/api/settings/voice').returns<typeof ZVoiceSettings>();

/** PUT /admin/api/settings/voice */
export const stationSaveVoices = endpoint('PUT', '/admin/api/settings/voice', {
  body: ZVoiceSettingsUpdate,
}).returns<typeof ZVoiceSettings>();

/** POST /admin/api/settings/voice/sample */
export const stationVoiceSample = endpoint('POST', '/admin/api/settings/voice/sample', {
  body: ZVoiceSampleRequest,
}).returns<TFileReply>();

/** The area's entries by name. */
export const stationEndpoints = {
  get: stationGet,
  logo: stationLogo,
  settings: stationSettings,
  saveSettings: stationSaveSettings,
  messageTypes: stationMessageTypes,
  updateMessageType: stationUpdateMessageType,
  languages: stationLanguages,
  typeTranslations: stationTypeTranslations,
  saveTypeTranslation: stationSaveTypeTranslation,
  smsTexts: stationSmsTexts,
  saveSmsText: stationSaveSmsText,
  voices: stationVoices,
  saveVoices: stationSaveVoices,
  voiceSample: stationVoiceSample,
};
