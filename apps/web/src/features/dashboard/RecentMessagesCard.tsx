// RECENT MESSAGES: the station's 3 latest messages, title and the original text cut at 80
// characters, with how long ago each was created.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useRelativeAgeText } from '../../i18n/relative-age';
import { DashboardCard } from './DashboardCard';
import { cutText } from './dashboard-format';
import { useRecentMessagesQuery } from './queries';

export function RecentMessagesCard() {
  const { t } = useTranslation('dashboard');
  const ageText = useRelativeAgeText();
  const recent = useRecentMessagesQuery();
  return (
    <DashboardCard title={t('cards.recentMessages')}>
      {recent.isError ? (
        <Text fz="sm" c="dimmed">
          {t('cards.recentFailed')}
        </Text>
      ) : recent.isSuccess && recent.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('cards.noMessages')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {(recent.data ?? []).map((message) => (
            <li key={message.id} data-recent-message={message.id}>
              <Text fz="sm" fw={600} lineClamp={1}>
                {message.title.trim() || t('untitled')}
              </Text>
              <Text fz="xs" c="dimmed" lang={message.original_language}>
                {cutText(message.original)}
              </Text>
              <Text fz="xs" c="dimmed">
                <time dateTime={message.createdAt}>{ageText(message.createdAt)}</time>
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
