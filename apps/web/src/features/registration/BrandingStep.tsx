// Step 3: brand colour, primary and supported languages, time zone, optional logo, and the policy
// links (nothing required; the time zone starts as this browser's, the primary language as the
// wizard's, and it is always among the languages: decision 0083). Each language says whether this
// server can translate into it from the primary language; one that needs setup can still be
// chosen, with a plain note of what its subscribers get (decision 0050).
import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  HEX_COLOR_PATTERN,
  LANGUAGE_CODES,
  LANGUAGES,
  STATION_DEFAULTS,
  TEXT_LIMITS,
  type TLanguageCode,
} from '@message-station/shared';
import { StationTimeZoneSelect } from '../../components/StationTimeZoneSelect';
import {
  LanguageMarksLegend,
  NeedsSetupNote,
  useLanguageMarks,
} from '../../components/translation-coverage/LanguageMarks';
import { useTranslation } from '../../i18n/react';
import { LogoDropzone } from './LogoDropzone';
import { useSignupLanguageCoverageQuery } from './queries';
import { stationLanguagesOf } from './registration-draft';
import { StepHeading } from './StepHeading';
import { type TStepProps, useFieldError } from './step-props';

const COLOR_SWATCHES = ['#007bff', '#0b7285', '#2b8a3e', '#e8590c', '#c92a2a', '#862e9c', '#343a40'];

/** Keeps the chosen languages in the product's display order, whatever order they were ticked in. */
function inDisplayOrder(codes: string[]): string[] {
  return LANGUAGE_CODES.filter((code) => codes.includes(code));
}

export function BrandingStep({ draft, errors, onChange }: TStepProps) {
  const { t } = useTranslation('registration');
  const { t: tc } = useTranslation();
  const errorOf = useFieldError(errors);
  const previewColor = HEX_COLOR_PATTERN.test(draft.brandColor)
    ? draft.brandColor
    : STATION_DEFAULTS.brandColor;
  const { primary, languages } = stationLanguagesOf(draft);
  const coverage = useSignupLanguageCoverageQuery(primary);
  const marks = useLanguageMarks(primary, coverage.data?.languages, coverage.isError);

  return (
    <Stack gap="lg">
      <StepHeading title={t('branding.title')} intro={t('branding.intro')} />
      <Group align="flex-end" gap="md" wrap="wrap">
        <ColorInput
          label={t('branding.brandColor')}
          description={t('branding.brandColorHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          format="hex"
          swatches={COLOR_SWATCHES}
          swatchesPerRow={7}
          value={draft.brandColor}
          onChange={(brandColor) => onChange({ brandColor })}
          error={errorOf('brandColor')}
          w={{ base: '100%', xs: 260 }}
        />
        <Stack gap={4} mb={{ base: 0, xs: 22 }}>
          <Text fz="xs" c="dimmed">
            {t('branding.colorPreview')}
          </Text>
          <Button color={previewColor} tabIndex={-1} aria-hidden="true" style={{ pointerEvents: 'none' }}>
            {t('branding.colorSample')}
          </Button>
        </Stack>
      </Group>

      <NativeSelect
        label={t('branding.primaryLanguage')}
        description={t('branding.primaryLanguageHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={LANGUAGES.map((language) => ({
          value: language.code,
          label: tc(`languageNames.${language.code}`),
        }))}
        value={primary}
        // The languages ticked so far stay ticked, the former primary among them.
        onChange={(event) =>
          onChange({
            primaryLanguage: event.currentTarget.value as TLanguageCode,
            supportedLanguages: languages,
          })
        }
        error={errorOf('primaryLanguage')}
        w={{ base: '100%', xs: 260 }}
      />

      <Checkbox.Group
        label={t('branding.languages')}
        description={t('branding.languagesHint')}
        value={languages}
        // The primary language's box stays ticked (it is off): the others are the user's to change.
        onChange={(codes) => onChange({ supportedLanguages: inDisplayOrder(codes) })}
        error={errorOf('supportedLanguages')}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm" mt="xs">
          {LANGUAGES.map((language) => {
            const name = tc(`languageNames.${language.code}`);
            const label = name === language.nativeName ? name : `${name} (${language.nativeName})`;
            return (
              <Checkbox
                key={language.code}
                value={language.code}
                label={label}
                disabled={language.code === primary}
                description={marks.mark(language.code)}
              />
            );
          })}
        </SimpleGrid>
      </Checkbox.Group>
      {(coverage.data || coverage.isError) && (
        <Stack gap="xs" mt={-8}>
          <LanguageMarksLegend marks={marks} from={primary} />
          <NeedsSetupNote languages={marks.needsSetup(languages)} />
        </Stack>
      )}

      <StationTimeZoneSelect
        label={t('branding.timeZone')}
        description={t('branding.timeZoneHint')}
        value={draft.timeZone}
        onChange={(timeZone) => onChange({ timeZone })}
        error={errorOf('timeZone')}
        w={{ base: '100%', xs: 360 }}
      />

      <LogoDropzone logo={draft.logo} onChange={(logo) => onChange({ logo })} />

      <Stack gap="sm">
        <TextInput
          label={t('branding.privacyPolicyUrl')}
          type="url"
          withAsterisk
          maxLength={TEXT_LIMITS.url}
          value={draft.privacyPolicyUrl}
          onChange={(event) => onChange({ privacyPolicyUrl: event.currentTarget.value })}
          error={errorOf('privacyPolicyUrl')}
        />
        <TextInput
          label={t('branding.termsUrl')}
          description={t('branding.urlsHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          type="url"
          withAsterisk
          maxLength={TEXT_LIMITS.url}
          value={draft.termsUrl}
          onChange={(event) => onChange({ termsUrl: event.currentTarget.value })}
          error={errorOf('termsUrl')}
        />
      </Stack>
    </Stack>
  );
}
