// The Station Branding tab: read-only station name, display name, brand colour, supported and
// primary languages, and the logo. Each language is marked with what the
// engines give it from the primary language: trusted, needs review or needs setup (decision 0050).
import {
  Alert,
  Checkbox,
  ColorInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { LANGUAGES, TEXT_LIMITS, type TLanguageCode, type TStationTimeZone } from '@message-station/shared';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { HelpText } from '../../components/LearnMore';
import { StationTimeZoneSelect } from '../../components/StationTimeZoneSelect';
import { CharacterCount } from '../../components/TextLimit';
import {
  LanguageMarksLegend,
  NeedsSetupNote,
  useLanguageMarks,
} from '../../components/translation-coverage/LanguageMarks';
import { useTranslation } from '../../i18n/react';
import { DisplayNameSmsWarning } from './DisplayNameSmsWarning';
import { StationLogoUpload } from './StationLogoUpload';
import { removedLanguages, type TSettingsTabProps, withSupportedLanguages } from './settings-draft';
import { useAllLanguagesCoverageQuery } from './translation/queries';

const COLOR_SWATCHES = ['#007bff', '#0b7285', '#2b8a3e', '#e8590c', '#c92a2a', '#862e9c', '#343a40'];

export function BrandingTab({ saved, draft, onChange }: TSettingsTabProps) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const languageLabel = (code: string) => tc(`languageNames.${code as TLanguageCode}`);
  const removed = removedLanguages(saved, draft);
  const onlyLanguage = draft.supported_languages.length === 1 ? draft.supported_languages[0] : undefined;
  const from = draft.primary_language as TLanguageCode;
  const coverage = useAllLanguagesCoverageQuery(from);
  const marks = useLanguageMarks(from, coverage.data?.languages, coverage.isError);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={2} spacing="lg">
        <TextInput
          label={t('branding.stationName')}
          description={t('branding.stationNameHint')}
          inputWrapperOrder={['label', 'input', 'description']}
          value={saved.name}
          readOnly
          variant="filled"
          rightSection={<IconLock size={16} aria-hidden="true" />}
        />
        <Stack gap="xs">
          <TextInput
            label={t('branding.displayName')}
            description={
              <>
                <HelpText short={t('branding.displayNameHint')} more={t('branding.displayNameHintMore')} />
                <CharacterCount length={draft.display_name.length} max={TEXT_LIMITS.name} />
              </>
            }
            inputWrapperOrder={['label', 'input', 'description']}
            required
            maxLength={TEXT_LIMITS.name}
            value={draft.display_name}
            onChange={(event) => onChange({ ...draft, display_name: event.currentTarget.value })}
          />
          <DisplayNameSmsWarning displayName={draft.display_name} />
        </Stack>
      </SimpleGrid>

      <ColorInput
        label={t('branding.brandColor')}
        format="hex"
        swatches={COLOR_SWATCHES}
        swatchesPerRow={7}
        value={draft.brand_color}
        onChange={(brandColor) => onChange({ ...draft, brand_color: brandColor })}
        w={280}
      />

      <Checkbox.Group
        label={t('branding.languages')}
        description={<HelpText short={t('branding.languagesHint')} more={t('branding.languagesHintMore')} />}
        value={draft.supported_languages}
        onChange={(codes) => {
          // A station always supports one language at least (the server refuses none).
          if (codes.length > 0) onChange(withSupportedLanguages(draft, codes));
        }}
      >
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="sm" mt="xs">
          {LANGUAGES.map((language) => {
            const name = languageLabel(language.code);
            const label = name === language.nativeName ? name : `${name} (${language.nativeName})`;
            return (
              <Checkbox
                key={language.code}
                value={language.code}
                label={label}
                disabled={language.code === onlyLanguage}
                description={marks.mark(language.code)}
              />
            );
          })}
        </SimpleGrid>
      </Checkbox.Group>
      {(coverage.data || coverage.isError) && (
        <Stack gap="xs" mt={-8}>
          <LanguageMarksLegend marks={marks} from={from} />
          <NeedsSetupNote languages={marks.needsSetup(draft.supported_languages)} />
        </Stack>
      )}
      {removed.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          {t('branding.removedWarning', {
            languages: removed.map(languageLabel).join(', '),
            primary: languageLabel(draft.primary_language),
          })}
        </Alert>
      )}

      <Group align="flex-start">
        <NativeSelect
          label={t('branding.primaryLanguage')}
          data={draft.supported_languages.map((code) => ({ value: code, label: languageLabel(code) }))}
          value={draft.primary_language}
          onChange={(event) => onChange({ ...draft, primary_language: event.currentTarget.value })}
          w={280}
        />
        <StationTimeZoneSelect
          label={t('branding.timeZone')}
          description={t('branding.timeZoneHint')}
          value={(draft.time_zone ?? saved.time_zone) as TStationTimeZone}
          onChange={(time_zone) => onChange({ ...draft, time_zone })}
          w={360}
        />
      </Group>

      <StationLogoUpload
        logoUrl={saved.logo_url}
        stationName={saved.display_name}
        chosen={draft.logo}
        onChoose={(logo) => onChange({ ...draft, logo })}
      />
    </Stack>
  );
}
