// The dashboard's list of the messages with texts held after a restore (decision 0055). Loaded with
// the `messages` texts only when there are held texts (features/dashboard/HeldTextsNotice.tsx):
// the admin area's first view loads neither (decision 0062).
import { Button, List, Stack, Text } from '@mantine/core';
import type { THeldAfterRestore } from '@message-station/shared';
import { Link } from 'react-router';
import { HeldAlert } from '../../components/HeldAlert';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';

export function HeldAfterRestoreDashboardNotice({ data }: { data: THeldAfterRestore }) {
  const { t } = useTranslation('messages', { keyPrefix: 'heldAfterRestore' });
  return (
    <HeldAlert held={data.held} testId="held-after-restore-dashboard">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t('dashboardBody')}</Text>
        <List fz="sm" spacing={2}>
          {data.messages.map((m) => (
            <List.Item key={m.message_id}>
              {t('dashboardItem', { title: m.title, count: formatCount(m.held) })}
            </List.Item>
          ))}
        </List>
        <Button size="xs" variant="white" color="yellow" component={Link} to="/admin/messages">
          {t('openMessages')}
        </Button>
      </Stack>
    </HeldAlert>
  );
}
