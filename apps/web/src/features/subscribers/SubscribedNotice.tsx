// The end of a join: the station's thanks, the alerts chosen (named in the page's language), how
// to stop (STOP), and the station's unsubscribe page. No redirect: this replaced the earlier
// two-second trip to our home page (decision 0027).
import { Alert, Anchor, Box, Button, Group, List, Stack, Text } from '@mantine/core';
import type { TStationPublicInfo } from '@message-station/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { safeColor } from '../../lib/station-brand';

type SubscribedNoticeProps = {
  slug: string;
  info: TStationPublicInfo;
  /** The alert types chosen on the join page; unknown when the page is opened on its own. */
  types: readonly string[];
};

export function SubscribedNotice({ slug, info, types }: SubscribedNoticeProps) {
  const { t } = useTranslation('subscribers');
  const { station } = info;
  const chosen = info.message_types.filter((type) => types.includes(type.message_type));
  const path = encodeURIComponent(slug);

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
      {chosen.length > 0 && (
        <Stack gap={6}>
          <Text fw={600}>{t('success.typesIntro')}</Text>
          <List spacing={6} listStyleType="none" ml={0} pl={0}>
            {chosen.map((type) => (
              <List.Item key={type.id}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Box
                    mt={6}
                    w={10}
                    h={10}
                    style={{ borderRadius: '50%', flexShrink: 0, background: safeColor(type.color_code) }}
                    aria-hidden="true"
                  />
                  <Text>
                    <Text span fw={600}>
                      {type.display_name}
                    </Text>
                    {type.description && (
                      <Text span c="dimmed" fz="sm">
                        {' '}
                        — {type.description}
                      </Text>
                    )}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Text>{t('success.stop')}</Text>
      <Text fz="sm" c="dimmed">
        {t('success.unsubscribePrompt')}{' '}
        <Anchor component={Link} to={`/unsubscribe/${path}`} fz="sm">
          {t('success.unsubscribeLink')}
        </Anchor>
      </Text>
      <Group justify="center">
        <Button component={Link} to={`/join/${path}`} variant="default">
          {t('success.backToJoin')}
        </Button>
      </Group>
    </>
  );
}
