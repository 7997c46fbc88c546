// The language switch of the subscriber pages: only the station's languages, each under its own
// name ("Español", "中文", "한국어"), so a reader finds theirs whatever the page speaks now.
import { NativeSelect } from '@mantine/core';
import type { TStationPublicInfo } from '@message-station/shared';
import { IconLanguage } from '@tabler/icons-react';
import { useHydrated } from '../../components/use-hydrated';
import { useTranslation } from '../../i18n/react';
import { isProductLanguage } from '../../i18n/subscriber-i18n';
import { useSubscriberLanguage } from './subscriber-language';

export function SubscriberLanguageSelect({
  languages,
}: {
  languages: TStationPublicInfo['station']['languages'];
}) {
  const { t } = useTranslation('subscribers');
  const { language, choose } = useSubscriberLanguage();
  // Switched before the app holds the page, the page would not follow (AttachedFieldset).
  const hydrated = useHydrated();
  if (languages.length < 2) return null;
  return (
    <NativeSelect
      size="xs"
      w={140}
      aria-label={t('language.label')}
      disabled={!hydrated}
      leftSection={<IconLanguage size={16} aria-hidden="true" />}
      value={language}
      data={languages.map((l) => ({ value: l.language_code, label: l.native_name }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isProductLanguage(next)) choose(next);
      }}
    />
  );
}
