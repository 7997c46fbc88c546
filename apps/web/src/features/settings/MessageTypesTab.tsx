// The Message Types tab: one card per type in display order with its icon, display name, level,
// description and Active box; in the station's other
// languages, the names and descriptions subscribers read in them; per type, whether its
// SMS waits until staff reviewed every translation.
import {
  Badge,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { TEXT_LIMITS, type TLanguageCode, type TMessageTypeKey } from '@message-station/shared';
import {
  IconAlertTriangle,
  IconBell,
  IconBroadcast,
  IconInfoCircle,
  type IconProps,
} from '@tabler/icons-react';
import { type ComponentType, useMemo, useState } from 'react';
import { HelpText } from '../../components/LearnMore';
import { countedProps } from '../../components/TextLimit';
import { useTranslation } from '../../i18n/react';
import { stationFill } from '../../lib/station-brand';
import { ApprovalSwitches, type TApprovalAdmins, type TApprovalSettings } from './ApprovalSwitches';
import type { TMessageTypeDraft } from './settings-draft';
import { TypeTranslationsEditor } from './TypeTranslationsEditor';
import { useTypeTranslationsQuery } from './type-translation-queries';

const TYPE_ICONS: Record<TMessageTypeKey, ComponentType<IconProps>> = {
  emergency: IconAlertTriangle,
  alert: IconBell,
  station: IconBroadcast,
  informational: IconInfoCircle,
};

function isTypeKey(key: string): key is TMessageTypeKey {
  return key in TYPE_ICONS;
}

type MessageTypesTabProps = {
  types: TMessageTypeDraft[];
  onChange: (types: TMessageTypeDraft[]) => void;
  /** Types whose SMS waits for reviewed translations (a station setting in the same draft). */
  reviewRequired: readonly string[];
  onReviewRequiredChange: (types: TMessageTypeKey[]) => void;
  /** Types a second admin approves, and whether emergencies go without (decision 0039). */
  approval?: TApprovalSettings;
  onApprovalChange?: (approval: TApprovalSettings) => void;
  /** How many admins could approve, and what is held as saved (decision 0077). */
  approvalAdmins?: TApprovalAdmins;
};

export function MessageTypesTab({
  types,
  onChange,
  reviewRequired,
  onReviewRequiredChange,
  approval,
  onApprovalChange,
  approvalAdmins,
}: MessageTypesTabProps) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const translations = useTypeTranslationsQuery();
  const languages = [...new Set((translations.data ?? []).map((row) => row.language))];
  const primary = languages[0];
  const [chosen, setChosen] = useState<string | null>(null);
  const language = chosen && languages.includes(chosen) ? chosen : primary;
  const rows = useMemo(
    () => (translations.data ?? []).filter((row) => row.language === language),
    [translations.data, language],
  );
  const languageName = (code: string) => tc(`languageNames.${code as TLanguageCode}`);
  const levelOf = (key: string) => (isTypeKey(key) ? t(`messageTypes.levels.${key}`) : key);
  const colorOf = (key: string) => types.find((type) => type.message_type === key)?.color_code ?? 'gray';

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('messageTypes.intro')}</Text>
      {languages.length > 1 && (
        <Group align="flex-end" gap="md">
          <Select
            label={t('messageTypes.language')}
            data={languages.map((code) => ({
              value: code,
              label:
                code === primary
                  ? t('messageTypes.primaryLanguage', { language: languageName(code) })
                  : languageName(code),
            }))}
            value={language ?? null}
            onChange={(value) => setChosen(value)}
            allowDeselect={false}
            w={260}
          />
          <Text c="dimmed" fz="sm" maw={520}>
            {language === primary ? (
              <HelpText short={t('messageTypes.primaryHint')} more={t('messageTypes.primaryHintMore')} />
            ) : (
              <HelpText short={t('messageTypes.otherHint')} more={t('messageTypes.otherHintMore')} />
            )}
          </Text>
        </Group>
      )}
      {language && language !== primary ? (
        <TypeTranslationsEditor
          rows={rows}
          languageName={languageName(language)}
          levelOf={levelOf}
          colorOf={colorOf}
        />
      ) : (
        <PrimaryTypes
          types={types}
          onChange={onChange}
          reviewRequired={reviewRequired}
          onReviewRequiredChange={onReviewRequiredChange}
          approval={approval}
          onApprovalChange={onApprovalChange}
          approvalAdmins={approvalAdmins}
        />
      )}
    </Stack>
  );
}

/** The primary language's wording with the colour and switch: saved with Save Message Types. */
function PrimaryTypes({
  types,
  onChange,
  reviewRequired,
  onReviewRequiredChange,
  approval,
  onApprovalChange,
  approvalAdmins,
}: MessageTypesTabProps) {
  const { t } = useTranslation('settings');
  const update = (id: string, patch: Partial<TMessageTypeDraft>) =>
    onChange(types.map((type) => (type.id === id ? { ...type, ...patch } : type)));
  const setReview = (key: TMessageTypeKey, required: boolean) =>
    onReviewRequiredChange(
      types
        .map((type) => type.message_type)
        .filter(isTypeKey)
        .filter((other) => (other === key ? required : reviewRequired.includes(other))),
    );

  return (
    <Stack gap="md">
      {types.map((type) => {
        const key = type.message_type;
        const Icon = isTypeKey(key) ? TYPE_ICONS[key] : IconInfoCircle;
        const level = isTypeKey(key) ? t(`messageTypes.levels.${key}`) : key;
        return (
          <Card
            key={type.id}
            withBorder
            radius="md"
            padding="lg"
            data-message-type={key}
            // An inactive type's edge turns grey; the card is not faded (its text would fall below AA).
            style={{
              borderLeft: `4px solid ${type.is_active ? type.color_code : 'var(--mantine-color-gray-4)'}`,
            }}
          >
            {/* On a phone the name takes the row and the level and Active go under it. */}
            <Group justify="space-between" align="flex-start" mb="md" gap="sm">
              <Group gap="md" style={{ flex: 1, minWidth: 0 }}>
                <ThemeIcon size={44} radius="md" color={type.color_code} variant="light">
                  <Icon size={26} aria-hidden="true" />
                </ThemeIcon>
                <TextInput
                  label={t('messageTypes.displayName')}
                  aria-label={`${level}: ${t('messageTypes.displayName')}`}
                  value={type.display_name}
                  maxLength={TEXT_LIMITS.typeName}
                  onChange={(event) => update(type.id, { display_name: event.currentTarget.value })}
                  miw={0}
                  style={{ flex: '1 1 200px', maxWidth: 320 }}
                />
                <Stack gap={6}>
                  <Text fz="sm" fw={500}>
                    {t('messageTypes.level')}
                  </Text>
                  <Badge color={stationFill(type.color_code)} autoContrast size="lg" radius="sm">
                    {level}
                  </Badge>
                </Stack>
              </Group>
              <Checkbox
                label={t('messageTypes.active')}
                aria-label={`${level}: ${t('messageTypes.active')}`}
                checked={type.is_active}
                onChange={(event) => update(type.id, { is_active: event.currentTarget.checked })}
                mt={4}
              />
            </Group>
            <Textarea
              label={t('messageTypes.description')}
              aria-label={`${level}: ${t('messageTypes.description')}`}
              autosize
              minRows={2}
              maxRows={5}
              {...countedProps(type.description, TEXT_LIMITS.typeDescription)}
              value={type.description}
              onChange={(event) => update(type.id, { description: event.currentTarget.value })}
            />
            {isTypeKey(key) && (
              <Checkbox
                mt="md"
                label={t('messageTypes.reviewRequired')}
                description={t(
                  key === 'emergency'
                    ? 'messageTypes.reviewRequiredEmergencyHint'
                    : 'messageTypes.reviewRequiredHint',
                )}
                aria-label={`${level}: ${t('messageTypes.reviewRequired')}`}
                checked={reviewRequired.includes(key)}
                onChange={(event) => setReview(key, event.currentTarget.checked)}
              />
            )}
            {isTypeKey(key) && approval && onApprovalChange && (
              <ApprovalSwitches
                typeKey={key}
                level={level}
                keys={types.map((other) => other.message_type).filter(isTypeKey)}
                settings={approval}
                onChange={onApprovalChange}
                admins={approvalAdmins}
              />
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
