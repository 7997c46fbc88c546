// Voice lists as each engine prints them, and the voice chosen per language.
import fs from 'node:fs/promises';
import { LANGUAGE_CODES } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { chooseVoices, type TSpeechEngine } from './speech/engine.js';
import { espeakVoiceFor, parseEspeakVoices } from './speech/espeak.js';
import { parseSapiVoices, sapiRenderScript, sapiVoiceFor } from './speech/sapi.js';
import { parseSayVoices, sayVoiceFor } from './speech/say.js';

const fixture = (name: string) => fs.readFile(new URL(`./test/fixtures/${name}`, import.meta.url), 'utf8');

const engineOf = (voiceFor: TSpeechEngine['voiceFor']): TSpeechEngine => ({
  name: 'test',
  listVoices: async () => [],
  voiceFor,
  render: async () => {},
});

describe("macOS say -v '?'", () => {
  it('reads names with spaces and parentheses and their locales', async () => {
    const voices = parseSayVoices(await fixture('say-voices.txt'));
    expect(voices).toContainEqual({ name: 'Samantha', locale: 'en_US' });
    expect(voices).toContainEqual({ name: 'Bad News', locale: 'en_US' });
    expect(voices).toContainEqual({ name: 'Eddy (Spanish (Mexico))', locale: 'es_MX' });
    expect(voices).toContainEqual({ name: 'Amélie', locale: 'fr_CA' });
    expect(voices).toHaveLength(47);
  });

  it('prefers US-market voices and never a novelty voice', async () => {
    const voices = parseSayVoices(await fixture('say-voices.txt'));
    const choice = chooseVoices(engineOf(sayVoiceFor), voices);
    expect(choice.voices).toEqual({
      en: 'Samantha',
      es: 'Paulina',
      fr: 'Thomas',
      de: 'Anna',
      it: 'Alice',
      pt: 'Luciana',
      zh: 'Tingting',
      ja: 'Kyoko',
      ko: 'Yuna',
    });
    expect(choice.missing).toEqual({});

    const onlyNovelty = voices.filter((voice) => ['Bad News', 'Zarvox', 'Whisper'].includes(voice.name));
    expect(sayVoiceFor('en', onlyNovelty)).toEqual({
      reason: expect.stringMatching(/^No English voice is installed\./),
    });
  });

  it('takes a Premium voice before the same voice in plain quality', () => {
    const voices = [
      { name: 'Ava', locale: 'en_US' },
      { name: 'Ava (Premium)', locale: 'en_US' },
      { name: 'Ava (Enhanced)', locale: 'en_US' },
    ];
    expect(sayVoiceFor('en', voices)).toEqual({ voice: 'Ava (Premium)' });
  });

  it('keeps a voice saved in the settings while it is installed', async () => {
    const voices = parseSayVoices(await fixture('say-voices.txt'));
    const choice = chooseVoices(engineOf(sayVoiceFor), voices, { en: 'Daniel', es: 'Gone Voice' });
    expect(choice.voices.en).toBe('Daniel');
    expect(choice.voices.es).toBe('Paulina');
  });
});

describe('espeak-ng --voices', () => {
  it('reads the language column as the voice name', async () => {
    const voices = parseEspeakVoices(await fixture('espeak-ng-voices.txt'));
    expect(voices).toContainEqual({ name: 'es-419', locale: 'es-419' });
    expect(voices).toContainEqual({ name: 'cmn-latn-pinyin', locale: 'cmn-latn-pinyin' });
    expect(voices.map((voice) => voice.name)).not.toContain('Language');
  });

  it('chooses the American, Latin American and Brazilian voices and Mandarin with pinyin', async () => {
    const voices = parseEspeakVoices(await fixture('espeak-ng-voices.txt'));
    const choice = chooseVoices(engineOf(espeakVoiceFor), voices);
    expect(choice.voices).toEqual({
      en: 'en-us',
      es: 'es-419',
      fr: 'fr-fr',
      de: 'de',
      it: 'it',
      pt: 'pt-br',
      zh: 'cmn-latn-pinyin',
      ja: 'ja',
      ko: 'ko',
    });
  });

  it('does not fall back to the cmn voice that reads tone numbers aloud', async () => {
    const text = (await fixture('espeak-ng-voices.txt'))
      .split('\n')
      .filter((line) => !line.includes('cmn-latn-pinyin'))
      .join('\n');
    const voices = parseEspeakVoices(text);
    expect(voices.map((voice) => voice.name)).toContain('cmn');
    const choice = chooseVoices(engineOf(espeakVoiceFor), voices);
    expect(choice.voices.zh).toBeUndefined();
    expect(choice.missing.zh).toMatch(/cmn-latn-pinyin/);
    expect(Object.keys(choice.voices)).toEqual(LANGUAGE_CODES.filter((code) => code !== 'zh'));
  });
});

describe('Windows SAPI', () => {
  it('reads name and culture and picks by culture', () => {
    const voices = parseSapiVoices(
      'Microsoft David Desktop\ten-US\r\nMicrosoft Zira Desktop\ten-US\r\nMicrosoft Helena Desktop\tes-ES\r\nMicrosoft Sabina Desktop\tes-MX\r\n',
    );
    expect(voices).toHaveLength(4);
    expect(sapiVoiceFor('en', voices)).toEqual({ voice: 'Microsoft Zira Desktop' });
    expect(sapiVoiceFor('es', voices)).toEqual({ voice: 'Microsoft Sabina Desktop' });
    expect(sapiVoiceFor('ko', voices)).toEqual({
      reason: expect.stringMatching(/^No Korean voice is installed\./),
    });
  });

  it('reads the text from a file and quotes every path as a PowerShell literal', () => {
    const script = sapiRenderScript('Microsoft Zira Desktop', "C:\\Users\\O'Brien\\t.txt", 'C:\\out\\a.wav');
    expect(script).toContain("$synth.SelectVoice('Microsoft Zira Desktop')");
    expect(script).toContain("[System.IO.File]::ReadAllText('C:\\Users\\O''Brien\\t.txt'");
    expect(script).toContain("SetOutputToWaveFile('C:\\out\\a.wav'");
  });
});
