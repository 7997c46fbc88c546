// What a subscriber gets in a language no translation engine covers yet (decision 0050): the
// station's language stays on offer (a person who reads only Korean still gets the emergency
// templates in Korean), with one plain sentence saying what arrives in it and what arrives in the
// station's primary language. The sentence is in the page's language and, when the chosen
// language is another, in that language too, for the person who will read the texts.
import { Alert, Stack, Text } from '@mantine/core';
import type { TLanguageCode, TStationPublicInfo } from '@message-station/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { fixedT, useTranslation } from '../../i18n/react';
import type { TTexts } from '../../i18n/translator';

const NAMESPACE = 'subscribers' as const;
/** The same files (and chunks) the subscriber pages' translator loads a language from. */
const FILES = import.meta.glob<TTexts>('../../locales/*/subscribers.json', { import: 'default' });

type TStationLanguage = TStationPublicInfo['station']['languages'][number];
type TSubscriberT = TFunction<typeof NAMESPACE>;

/** The station's languages whose subscribers get only the phrasebook's alerts in them. */
export function languagesNeedingSetup(station: TStationPublicInfo['station']): Set<string> {
  return new Set(
    station.languages
      .filter((language) => language.coverage === 'needs_setup')
      .map((language) => language.language_code),
  );
}

/** The subscriber texts of another language than the page's, once loaded (never on the first render). */
function useTextsIn(language: string): TSubscriberT | null {
  const { i18n } = useTranslation(NAMESPACE);
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const ready = () => {
      if (live) setLoaded(language);
    };
    if (i18n.hasResourceBundle(language, NAMESPACE)) {
      ready();
    } else {
      FILES[`../../locales/${language}/subscribers.json`]?.()
        .then((texts) => {
          if (!i18n.hasResourceBundle(language, NAMESPACE)) {
            i18n.addResourceBundle(language, NAMESPACE, texts);
          }
          ready();
        })
        // Offline: the page's own sentence is still there.
        .catch(() => {});
    }
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return loaded === language ? fixedT(i18n, language, NAMESPACE) : null;
}

function sentence(t: TSubscriberT, language: string, primary: string): string {
  return t('coverage.needsSetup', {
    language: t(`languageIn.${language as TLanguageCode}`),
    original: t(`languageIn.${primary as TLanguageCode}`),
  });
}

function NoteIn({ language, primary }: { language: string; primary: string }) {
  const t = useTextsIn(language);
  if (!t) return null;
  return (
    // Korean wraps between words, as SubscriberLayout sets for a Korean page.
    <Text fz="sm" lang={language} style={language === 'ko' ? { wordBreak: 'keep-all' } : undefined}>
      {sentence(t, language, primary)}
    </Text>
  );
}

/** One note per chosen language that needs setup, titled with the language's own name. */
export function CoverageNotes({
  languages,
  station,
}: {
  languages: readonly TStationLanguage[];
  station: TStationPublicInfo['station'];
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const primary = station.languages[0]?.language_code ?? 'en';
  if (languages.length === 0) return null;
  return (
    <Stack gap="xs">
      {languages.map((language) => (
        <Alert
          key={language.language_code}
          color="yellow"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
          title={<span lang={language.language_code}>{language.native_name}</span>}
          data-coverage-note={language.language_code}
        >
          <Stack gap={6}>
            <Text fz="sm">{sentence(t, language.language_code, primary)}</Text>
            {language.language_code !== i18n.language && (
              <NoteIn language={language.language_code} primary={primary} />
            )}
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
