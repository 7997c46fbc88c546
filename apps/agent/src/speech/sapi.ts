// Windows: SAPI through PowerShell's System.Speech. Voices by culture (en-US, es-MX…); the text
// is read from a file inside the script, never passed on the command line.
import { POWERSHELL, powershellArgs, psQuote, type TSystem } from '../system.js';
import {
  noVoiceReason,
  pickByLocale,
  renderThroughTextFile,
  type TSpeechEngine,
  type TVoice,
  type TVoicePick,
} from './engine.js';

export const SAPI_LIST_SCRIPT = `[Console]::OutputEncoding = [System.Text.Encoding]::UTF8
Add-Type -AssemblyName System.Speech
$synth = New-Object System.Speech.Synthesis.SpeechSynthesizer
foreach ($v in $synth.GetInstalledVoices()) { if ($v.Enabled) { "$($v.VoiceInfo.Name)\`t$($v.VoiceInfo.Culture.Name)" } }
$synth.Dispose()`;

/** Lines 'Microsoft Zira Desktop<TAB>en-US'. */
export function parseSapiVoices(output: string): TVoice[] {
  const voices: TVoice[] = [];
  for (const line of output.split(/\r?\n/)) {
    const [name, locale] = line.split('\t').map((part) => part.trim());
    if (name && locale) voices.push({ name, locale });
  }
  return voices;
}

const CULTURES: Record<string, string[]> = {
  en: ['en-US', 'en-CA', 'en-GB', 'en-AU', 'en-IE', 'en-IN'],
  es: ['es-MX', 'es-US', 'es-ES'],
  fr: ['fr-FR', 'fr-CA', 'fr-CH'],
  de: ['de-DE', 'de-AT', 'de-CH'],
  it: ['it-IT'],
  pt: ['pt-BR', 'pt-PT'],
  zh: ['zh-CN', 'zh-TW', 'zh-HK'],
  ja: ['ja-JP'],
  ko: ['ko-KR'],
};

export function sapiVoiceFor(language: string, installed: TVoice[]): TVoicePick {
  const voice = pickByLocale(installed, CULTURES[language] ?? [], {
    names: ['Microsoft Zira Desktop', 'Microsoft Sabina Desktop'],
  });
  if (voice) return { voice };
  return {
    reason: noVoiceReason(
      language,
      'Add its speech pack in Windows Settings › Time & language › Language & region.',
    ),
  };
}

export function sapiRenderScript(voice: string, textPath: string, wavPath: string): string {
  return `Add-Type -AssemblyName System.Speech
$synth = New-Object System.Speech.Synthesis.SpeechSynthesizer
try {
  $synth.SelectVoice(${psQuote(voice)})
  $format = New-Object System.Speech.AudioFormat.SpeechAudioFormatInfo(22050, [System.Speech.AudioFormat.AudioBitsPerSample]::Sixteen, [System.Speech.AudioFormat.AudioChannel]::Mono)
  $synth.SetOutputToWaveFile(${psQuote(wavPath)}, $format)
  $synth.Speak([System.IO.File]::ReadAllText(${psQuote(textPath)}, [System.Text.Encoding]::UTF8))
} finally { $synth.Dispose() }`;
}

export function sapiEngine(system: TSystem): TSpeechEngine {
  return {
    name: 'Windows SAPI',
    async listVoices() {
      const result = await system.run(POWERSHELL, powershellArgs(SAPI_LIST_SCRIPT), { timeoutMs: 60_000 });
      return result.code === 0 ? parseSapiVoices(result.stdout) : [];
    },
    voiceFor: sapiVoiceFor,
    render(input) {
      return renderThroughTextFile(
        input,
        (textPath) =>
          system.run(POWERSHELL, powershellArgs(sapiRenderScript(input.voice, textPath, input.wavPath)), {
            signal: input.signal,
          }),
        'Windows speech',
      );
    },
  };
}
