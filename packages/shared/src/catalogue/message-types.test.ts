import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, MESSAGE_TYPE_KEYS, MESSAGE_TYPES } from '../constants.js';
import { TEXT_LIMITS } from '../text-field.js';
import { defaultTypeWording, MESSAGE_TYPE_WORDING } from './message-types.js';

describe('built-in message type wording', () => {
  it('names and describes every type in every language, within the Settings limits', () => {
    for (const language of LANGUAGE_CODES) {
      const names = MESSAGE_TYPE_KEYS.map((key) => MESSAGE_TYPE_WORDING[language][key].displayName);
      expect(new Set(names).size, language).toBe(MESSAGE_TYPE_KEYS.length);
      for (const key of MESSAGE_TYPE_KEYS) {
        const { displayName, description } = MESSAGE_TYPE_WORDING[language][key];
        expect(displayName.trim().length, `${language} ${key}`).toBeGreaterThan(0);
        expect(displayName.length).toBeLessThanOrEqual(TEXT_LIMITS.typeName);
        expect(description.trim().length, `${language} ${key}`).toBeGreaterThan(0);
        expect(description.length).toBeLessThanOrEqual(TEXT_LIMITS.typeDescription);
      }
    }
  });

  it('is the spec’s English wording, and English for a language the product lacks', () => {
    for (const type of MESSAGE_TYPES) {
      expect(defaultTypeWording(type.key, 'en')).toEqual({
        displayName: type.displayName,
        description: type.description,
      });
      expect(defaultTypeWording(type.key, 'xx')).toEqual(defaultTypeWording(type.key, 'en'));
    }
    expect(defaultTypeWording('emergency', 'ko').displayName).toBe('긴급');
  });
});
