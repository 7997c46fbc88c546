// The end of a join: the 'subscribed' notice, then the home page after 2 seconds (spec §4, §9).
import { Alert, Group, Loader, Text } from '@mantine/core';
import type { TStationPublicInfo } from '@message-station/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export const SUBSCRIBED_REDIRECT_MS = 2000;

export function SubscribedNotice({ station }: { station: TStationPublicInfo['station'] }) {
  const { t } = useTranslation('subscribers');
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => void navigate('/', { replace: true }), SUBSCRIBED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <>
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} aria-hidden="true" />}
        role="status"
      >
        {t('success.text', { station: station.display_name })}
      </Alert>
      <Group gap="xs" justify="center">
        <Loader size="xs" aria-hidden="true" />
        <Text fz="sm" c="dimmed">
          {t('success.redirecting')}
        </Text>
      </Group>
    </>
  );
}
