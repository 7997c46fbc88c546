// The register form of /join/{station}: phone, alert types with a language each (only when the
// station has more than one), what arrives in a chosen language no engine covers yet (decision
// 0050), privacy notice, consent, Subscribe.
import { Alert, Button, Checkbox, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type {
  TLanguageCode,
  TMessageTypeKey,
  TStationPublicInfo,
  TSubscribeResponse,
} from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  afterUsPhoneCheck,
  UsPhoneInput,
  usPhoneE164OnceLoaded,
  usPhoneProblemOnceLoaded,
} from '../../components/UsPhoneInput';
import { useTranslation } from '../../i18n/react';
import { TaggedText } from '../../i18n/TaggedText';
import { safeColor, stationFill } from '../../lib/station-brand';
import { AttachedFieldset } from './AttachedFieldset';
import { CoverageNotes, languagesNeedingSetup } from './CoverageNote';
import { NewTabLink } from './NewTabLink';
import { useConsentLanguage, useRegisterMutation } from './queries';
import { subscriberErrorText } from './subscriber-errors';

export type TJoinValues = {
  phone: string;
  /** The checked alert types (message_type keys). */
  types: string[];
  /** The chosen language per alert type. */
  languages: Record<string, string>;
  consent: boolean;
};

/** Each type's language starts as the page's when the station offers it, else the primary one. */
function startingLanguage(info: TStationPublicInfo, pageLanguage: string): string {
  const offered = info.station.languages.map((language) => language.language_code);
  return offered.includes(pageLanguage) ? pageLanguage : (offered[0] ?? 'en');
}

export function useJoinForm(info: TStationPublicInfo): UseFormReturnType<TJoinValues> {
  const { t } = useTranslation('subscribers');
  const firstLanguage = startingLanguage(info, useConsentLanguage());
  return useForm<TJoinValues>({
    initialValues: {
      phone: '',
      types: [],
      languages: Object.fromEntries(info.message_types.map((type) => [type.message_type, firstLanguage])),
      consent: false,
    },
    validate: {
      phone: (value) => {
        const problem = usPhoneProblemOnceLoaded(value);
        if (problem === 'required') return t('validation.phoneRequired');
        if (problem === 'not_us') return t('validation.phoneNotUs');
        return problem ? t('validation.phoneInvalid') : null;
      },
      types: (value) => (value.length > 0 ? null : t('validation.typesRequired')),
      consent: (value) => (value ? null : t('validation.consentRequired')),
    },
  });
}

type JoinFormProps = {
  slug: string;
  info: TStationPublicInfo;
  form: UseFormReturnType<TJoinValues>;
  onRegistered: (values: TJoinValues, registration: TSubscribeResponse) => void;
};

export function JoinForm({ slug, info, form, onRegistered }: JoinFormProps) {
  const { t } = useTranslation('subscribers');
  const { station, message_types: messageTypes } = info;
  const register = useRegisterMutation(slug);
  const consentLanguage = useConsentLanguage();
  const brand = stationFill(station.brand_color);
  const chooseLanguage = station.languages.length > 1;
  const languageOptions = station.languages.map((language) => ({
    value: language.language_code,
    label: language.native_name,
  }));
  const firstLanguage = startingLanguage(info, consentLanguage);
  const chosenLanguage = (values: TJoinValues, type: string) =>
    chooseLanguage ? (values.languages[type] ?? firstLanguage) : firstLanguage;
  // The languages chosen so far (before any type is ticked, the one every type starts with).
  const chosen = new Set(
    form.values.types.length > 0
      ? messageTypes
          .filter((type) => form.values.types.includes(type.message_type))
          .map((type) => chosenLanguage(form.values, type.message_type))
      : [firstLanguage],
  );
  const needsSetup = languagesNeedingSetup(station);
  const noted = station.languages.filter(
    (language) => chosen.has(language.language_code) && needsSetup.has(language.language_code),
  );

  const submit = form.onSubmit((values) => {
    register.mutate(
      {
        phone: usPhoneE164OnceLoaded(values.phone),
        // In display order, whatever order they were ticked in.
        message_types: messageTypes
          .filter((type) => values.types.includes(type.message_type))
          .map((type) => ({
            message_type: type.message_type as TMessageTypeKey,
            language: chosenLanguage(values, type.message_type) as TLanguageCode,
          })),
        consent_given: true,
        consent_language: consentLanguage,
      },
      { onSuccess: (registration) => onRegistered(values, registration) },
    );
  });

  return (
    <form onSubmit={afterUsPhoneCheck(submit)} noValidate>
      <AttachedFieldset>
        <Stack gap="lg">
          <UsPhoneInput
            label={t('phone.label')}
            placeholder={t('phone.placeholder')}
            description={t('phone.hint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            size="md"
            value={form.values.phone}
            onChange={(phone) => form.setFieldValue('phone', phone)}
            error={form.errors.phone}
          />

          <Checkbox.Group
            size="md"
            label={t('join.alertTypes')}
            description={t('join.alertTypesHint')}
            withAsterisk
            {...form.getInputProps('types')}
          >
            <Stack gap="sm" mt="xs">
              {messageTypes.map((type) => {
                const color = safeColor(type.color_code, 'var(--mantine-color-gray-6)');
                const checked = form.values.types.includes(type.message_type);
                return (
                  <Paper
                    key={type.id}
                    withBorder
                    radius="md"
                    p="sm"
                    style={{
                      borderLeft: `5px solid ${color}`,
                      background: checked
                        ? `color-mix(in srgb, ${color} 6%, var(--mantine-color-body))`
                        : undefined,
                    }}
                  >
                    <Checkbox
                      value={type.message_type}
                      color={color}
                      autoContrast
                      size="md"
                      label={<Text fw={600}>{type.display_name}</Text>}
                      description={type.description}
                    />
                    {checked && chooseLanguage && (
                      <NativeSelect
                        mt="xs"
                        ml={{ base: 0, xs: 32 }}
                        maw={{ xs: 260 }}
                        label={t('join.receiveIn')}
                        aria-label={t('join.receiveInFor', { type: type.display_name })}
                        data={languageOptions}
                        {...form.getInputProps(`languages.${type.message_type}`)}
                      />
                    )}
                  </Paper>
                );
              })}
            </Stack>
          </Checkbox.Group>

          <CoverageNotes languages={noted} station={station} />

          <Text fz="sm" c="dimmed">
            <TaggedText
              text={t('join.privacyNotice')}
              parts={{
                privacy: <NewTabLink href={station.privacy_url} />,
                terms: <NewTabLink href={station.terms_url} />,
              }}
            />
          </Text>

          <Checkbox
            label={station.consent_text}
            size="md"
            color={brand}
            autoContrast
            {...form.getInputProps('consent', { type: 'checkbox' })}
          />

          {register.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {subscriberErrorText(register.error, t('errors.generic'))}
            </Alert>
          )}

          <Button type="submit" size="md" fullWidth color={brand} autoContrast loading={register.isPending}>
            {t('join.submit')}
          </Button>
        </Stack>
      </AttachedFieldset>
    </form>
  );
}
