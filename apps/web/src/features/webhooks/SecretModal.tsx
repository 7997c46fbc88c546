// The signing secret in full, with a copy button: once when an endpoint is added, when an admin
// reveals it, and after a roll.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyField } from '../../components/CopyField';
import { useTranslation } from '../../i18n/react';

export type TSecretView = { kind: 'created' | 'reveal' | 'rolled'; url: string; secret: string };

export function SecretModal({ view, onClose }: { view: TSecretView | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const kind = view?.kind ?? 'reveal';
  return (
    <Modal opened={view !== null} onClose={onClose} title={t(`secret.${kind}Title`)} size="lg">
      {view && (
        <Stack gap="md">
          <Text fz="sm">{t(`secret.${kind}Intro`)}</Text>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {view.url}
          </Text>
          <CopyField
            label={t('secret.label')}
            value={view.secret}
            labelWidth={60}
            dataAttribute="data-webhook-secret"
            texts={{ copy: t('secret.copy'), copied: t('secret.copied'), copyAria: t('secret.copyAria') }}
          />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('secret.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
