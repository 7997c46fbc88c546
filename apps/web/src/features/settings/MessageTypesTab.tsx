// The Message Types tab: one card per type in display order with its icon, display name, level,
// description and Active box (spec §2 Settings, §3 Message type).
import { Badge, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { TEXT_LIMITS, type TMessageTypeKey } from '@message-station/shared';
import {
  IconAlertTriangle,
  IconBell,
  IconBroadcast,
  IconInfoCircle,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { countedProps } from '../../components/TextLimit';
import type { TMessageTypeDraft } from './settings-draft';

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
};

export function MessageTypesTab({ types, onChange }: MessageTypesTabProps) {
  const { t } = useTranslation('settings');
  const update = (id: string, patch: Partial<TMessageTypeDraft>) =>
    onChange(types.map((type) => (type.id === id ? { ...type, ...patch } : type)));

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('messageTypes.intro')}</Text>
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
            style={{ borderLeft: `4px solid ${type.color_code}`, opacity: type.is_active ? 1 : 0.75 }}
          >
            <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
              <Group gap="md" wrap="nowrap" style={{ flex: 1 }}>
                <ThemeIcon size={44} radius="md" color={type.color_code} variant="light">
                  <Icon size={26} aria-hidden="true" />
                </ThemeIcon>
                <TextInput
                  label={t('messageTypes.displayName')}
                  aria-label={`${level}: ${t('messageTypes.displayName')}`}
                  value={type.display_name}
                  maxLength={TEXT_LIMITS.typeName}
                  onChange={(event) => update(type.id, { display_name: event.currentTarget.value })}
                  w={320}
                />
                <Stack gap={6}>
                  <Text fz="sm" fw={500}>
                    {t('messageTypes.level')}
                  </Text>
                  <Badge color={type.color_code} size="lg" radius="sm">
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
          </Card>
        );
      })}
    </Stack>
  );
}
