// Recent Activity: the 20 latest SMS lines, newest first, each with its icon,
// what became of its texts (queued, held for quiet hours until when, sending, sent, delivered,
// failed), message title, characters, segments, age and status; a line about a message links to
// the Messages page. Refresh asks again.
import { Badge, Box, Button, Card, Group, NavLink, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TActivityStatus } from '@message-station/shared';
import { IconBell, IconMessage, IconRefresh } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { TActivity } from '../../api/dashboard';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useFullTimeText, useRelativeAgeText } from '../../i18n/relative-age';
import { quietHoursEnd, timeInZone } from '../../lib/time-format';
import { useActivityQuery } from './queries';

const STATUS_COLOR: Record<TActivityStatus, string> = {
  queued: 'gray',
  held: 'yellow',
  sending: 'blue',
  sent: 'green',
  delivered: 'green',
  failed: 'red',
  partial: 'orange',
};

/** The stages a breakdown names, in the order texts move through them. */
const STAGES = ['held', 'due', 'sending', 'sent', 'delivered', 'failed'] as const;

/**
 * The line's sentence ("Held for quiet hours until 8:00 AM EST"), where its texts are when they
 * are at more than one stage ("2 held · 1 sent"), and a warning of possible duplicates.
 */
function useActivityWords(entry: TActivity) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'en';
  const { delivery } = entry;
  const releaseTime = !delivery.heldUntil
    ? ''
    : delivery.heldZone
      ? timeInZone(delivery.heldUntil, delivery.heldZone, language)
      : t('activity.theirLocalTime', { time: quietHoursEnd(language) });
  const sentence = t(`activity.line.${entry.status}`, {
    count: delivery.recipients,
    formatted: formatCount(delivery.recipients),
    time: releaseTime,
  });
  const stages = STAGES.filter((stage) => delivery[stage] > 0);
  const breakdown =
    stages.length > 1 || entry.status === 'held'
      ? stages
          .map((stage) =>
            t(`activity.stage.${stage}`, { count: delivery[stage], formatted: formatCount(delivery[stage]) }),
          )
          .join(' · ')
      : null;
  const duplicates =
    delivery.possibleDuplicates > 0
      ? t('activity.duplicates', {
          count: delivery.possibleDuplicates,
          formatted: formatCount(delivery.possibleDuplicates),
        })
      : null;
  return { sentence, breakdown, duplicates };
}

export function ActivityCard() {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const activity = useActivityQuery();

  return (
    <Card p="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id={titleId}>
          {t('activity.title')}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          onClick={() => void activity.refetch()}
          loading={activity.isFetching}
        >
          {t('activity.refresh')}
        </Button>
      </Group>
      {activity.isError ? (
        <Text fz="sm" c="dimmed">
          {t('activity.loadFailed')}
        </Text>
      ) : activity.isSuccess && activity.data.length === 0 ? (
        <Text fz="sm" c="dimmed" ta="center" py="md">
          {t('activity.empty')}
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {(activity.data ?? []).map((entry) => (
            <li key={entry.id} data-activity={entry.id}>
              <ActivityRow entry={entry} />
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function ActivityRow({ entry }: { entry: TActivity }) {
  const { t } = useTranslation('dashboard');
  const ageText = useRelativeAgeText();
  const fullTime = useFullTimeText();
  const words = useActivityWords(entry);
  const { characterCount, segmentCount } = entry.metadata;
  const color = STATUS_COLOR[entry.status];
  const Icon = entry.icon === 'sms' ? IconMessage : IconBell;
  const icon = (
    <ThemeIcon
      variant="light"
      color={entry.status === 'failed' ? 'red' : 'blue'}
      radius="xl"
      size="lg"
      aria-hidden="true"
    >
      <Icon size={18} />
    </ThemeIcon>
  );
  const details = (
    <>
      <Text component="span" display="block" fz="sm" c="dimmed" truncate>
        {entry.messageTitle}
      </Text>
      <Text component="span" display="block" fz="xs" c="dimmed">
        {t('activity.characters', { count: characterCount, formatted: formatCount(characterCount) })}
        {' · '}
        {t('activity.segments', { count: segmentCount, formatted: formatCount(segmentCount) })}
      </Text>
      {words.breakdown && (
        <Text component="span" display="block" fz="xs" c="dimmed" data-activity-stages>
          {words.breakdown}
        </Text>
      )}
      {words.duplicates && (
        <Text component="span" display="block" fz="xs" c="orange">
          {words.duplicates}
        </Text>
      )}
    </>
  );
  const outcome = (
    <Stack gap={4} align="flex-end">
      <Text component="span" fz="xs" c="dimmed">
        <time dateTime={entry.timestamp} title={fullTime(entry.timestamp)}>
          {ageText(entry.timestamp)}
        </time>
      </Text>
      <Badge size="sm" variant="light" color={color}>
        {t(`activity.status.${entry.status}`)}
      </Badge>
    </Stack>
  );
  const description = (
    <Text component="span" display="block" fz="sm" fw={600}>
      {words.sentence}
    </Text>
  );

  // Only a line about a message leads somewhere; the others do not pretend to be links.
  if (entry.messageId) {
    return (
      <NavLink
        component={Link}
        to="/admin/messages"
        leftSection={icon}
        label={description}
        description={details}
        rightSection={outcome}
        py="xs"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      />
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" py="xs" px="sm">
      {icon}
      <Box style={{ flex: 1, minWidth: 0 }}>
        {description}
        {details}
      </Box>
      {outcome}
    </Group>
  );
}
