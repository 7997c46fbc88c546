// The dashboard's six cards: messages this month, counts per active type, the
// latest messages, SMS sent this month, active subscribers and the credit balance (red when the
// server warns of low credits).
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { actsAsStationAdmin } from '@message-station/shared/catalogue';
import type { TDashboardStats } from '../../api/dashboard';
import { useSessionUser } from '../../app/session-user';
import { TypeBadge } from '../../components/TypeBadge';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useAllMessageTypesQuery } from '../../lib/station-queries';
import { BigNumber, DashboardCard } from './DashboardCard';
import { RecentMessagesCard } from './RecentMessagesCard';

export function StatCards({ data }: { data: TDashboardStats }) {
  const { t } = useTranslation('dashboard');
  const isAdmin = actsAsStationAdmin(useSessionUser());
  const { stats, station } = data;
  // One rule, the server's (a fifth of the plan's month or of the trial's grant).
  const lowCredits = data.alerts.some((alert) => alert.code === 'low_credits');

  return (
    // One column on a phone (decision 0043), two on a small tablet, three from 768px up.
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={{ base: 'md', sm: 'lg' }}>
      <DashboardCard
        title={t('cards.totalMessages')}
        action={{ label: t('cards.viewAll'), to: '/admin/messages' }}
      >
        <BigNumber value={stats.messagesThisMonth} caption={t('cards.thisMonth')} />
        <AllTime total={stats.totalMessages} />
      </DashboardCard>

      <MessageCountsCard byType={stats.messagesByType} canManage={isAdmin} />
      <RecentMessagesCard />

      <DashboardCard title={t('cards.totalSmsSent')}>
        <BigNumber value={stats.smsSentThisMonth} caption={t('cards.thisMonth')} />
        <AllTime total={stats.totalSmsSent} />
      </DashboardCard>

      <DashboardCard
        title={t('cards.smsSubscribers')}
        action={{ label: t('cards.manage'), to: '/admin/sms-contacts' }}
      >
        <BigNumber
          value={stats.activeSubscribers}
          caption={t('cards.activeOf', { total: formatCount(stats.subscriberCount) })}
        />
      </DashboardCard>

      <DashboardCard
        title={t('cards.smsCredits')}
        aside={
          <Badge
            color={station.sms_enabled ? 'green' : 'gray'}
            variant="light"
            tt="none"
            // Whole, never "SMS deshabilita…": the card's title wraps instead.
            styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
          >
            {station.sms_enabled ? t('cards.smsEnabled') : t('cards.smsDisabled')}
          </Badge>
        }
        action={isAdmin ? { label: t('cards.addCredits'), to: '/admin/billing' } : undefined}
      >
        <BigNumber
          value={station.sms_credits_balance}
          caption={t('cards.creditsAvailable')}
          color={lowCredits ? 'red' : undefined}
          testId="sms-credits-balance"
        />
      </DashboardCard>
    </SimpleGrid>
  );
}

function AllTime({ total }: { total: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <Text fz="xs" c="dimmed" mt={4}>
      {t('cards.allTime', { total: formatCount(total) })}
    </Text>
  );
}

/** This month's messages of each active type, in the station's order; settings manage the types. */
function MessageCountsCard({ byType, canManage }: { byType: Record<string, number>; canManage: boolean }) {
  const { t } = useTranslation('dashboard');
  const types = useAllMessageTypesQuery();
  const active = (types.data ?? []).filter((type) => type.is_active);
  return (
    <DashboardCard
      title={t('cards.messageCounts')}
      action={canManage ? { label: t('cards.manage'), to: '/admin/settings' } : undefined}
    >
      <Text fz="xs" c="dimmed" mb="xs">
        {t('cards.messageCountsNote')}
      </Text>
      {types.isSuccess && active.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('cards.noActiveTypes')}
        </Text>
      ) : (
        <Stack gap={6}>
          {active.map((type) => (
            <Group
              key={type.message_type}
              justify="space-between"
              gap="xs"
              data-type-count={type.message_type}
            >
              <TypeBadge type={type.message_type} types={active} />
              <Text fw={600}>{formatCount(byType[type.message_type] ?? 0)}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
