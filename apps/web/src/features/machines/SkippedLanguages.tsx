// The languages a machine will skip for want of a voice: the agent reports codes, this words them
// in the reader's language ("Skips: Korean, Japanese — no voice installed").
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';

export function SkippedLanguages({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('admin', { keyPrefix: 'machines' });
  const languageName = useLanguageName();
  if (codes.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" mt={4} c="orange">
      <IconAlertTriangle size={14} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text fz="xs" c="inherit" span>
        {t('skips', { languages: codes.map((code) => languageName(code)).join(', ') })}
      </Text>
    </Group>
  );
}
