// The Download page's choice of system (Windows, macOS, Linux, or any system with Node.js): one card
// per archive the chosen version has, as a radio group labelled System.
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TAgentDownload } from '@message-station/shared';
import {
  IconBrandApple,
  IconBrandNodejs,
  IconBrandUbuntu,
  IconBrandWindows,
  type TablerIcon,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/react';

type TSystemKey = 'windows' | 'mac' | 'linux' | 'node';

export const SYSTEM_KEYS: Record<TAgentDownload, TSystemKey> = {
  'windows-x64': 'windows',
  'macos-x64': 'mac',
  'linux-x64': 'linux',
  node: 'node',
};

const SYSTEM_ICONS: Record<TAgentDownload, TablerIcon> = {
  'windows-x64': IconBrandWindows,
  'macos-x64': IconBrandApple,
  'linux-x64': IconBrandUbuntu,
  node: IconBrandNodejs,
};

type SystemChoiceProps = {
  offered: readonly TAgentDownload[];
  value: TAgentDownload;
  onChange: (platform: TAgentDownload) => void;
};

export function SystemChoice({ offered, value, onChange }: SystemChoiceProps) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const name = useId();
  return (
    <Radio.Group
      name={name}
      label={t('system.label')}
      description={t('system.description')}
      value={value}
      onChange={(next) => {
        const platform = offered.find((offer) => offer === next);
        if (platform) onChange(platform);
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
        {offered.map((platform) => (
          <SystemCard key={platform} platform={platform} checked={platform === value} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

function SystemCard({ platform, checked }: { platform: TAgentDownload; checked: boolean }) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const id = useId();
  const key = SYSTEM_KEYS[platform];
  const SystemIcon = SYSTEM_ICONS[platform];
  return (
    <Radio.Card
      value={platform}
      radius="md"
      p="sm"
      // One tab stop for the group: the arrow keys move between the cards.
      tabIndex={checked ? 0 : -1}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-hint`}
      data-platform={platform}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Radio.Indicator />
        <SystemIcon size={22} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text id={`${id}-name`} fw={600} fz="sm" lh={1.3}>
            {t(`system.${key}`)}
          </Text>
          <Text id={`${id}-hint`} fz="xs" c="dimmed" lh={1.3}>
            {t(`system.hint.${key}`)}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}
