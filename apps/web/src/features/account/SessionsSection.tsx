// Where the user is signed in: this device marked, browser and system, address, when it signed in
// and was last seen; sign one out, or all the others.
import { Alert, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAccountSession } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { ListLoading } from '../../components/ListStates';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { useAccountDate } from './account-dates';
import { useAccountSessionsQuery, useRevokeOtherSessionsMutation, useRevokeSessionMutation } from './queries';

function useDeviceName(): (session: TAccountSession) => string {
  const { t } = useTranslation('account');
  return ({ browser, os }) => {
    if (browser && os) return t('sessions.browserOn', { browser, os });
    return browser ?? os ?? t('sessions.unknownDevice');
  };
}

export function SessionsSection() {
  const { t } = useTranslation('account');
  const sessions = useAccountSessionsQuery();
  const revokeOne = useRevokeSessionMutation();
  const revokeOthers = useRevokeOtherSessionsMutation();
  const dateText = useAccountDate();
  const deviceName = useDeviceName();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        notifications.show({ color: 'green', message: t('sessions.othersSignedOut', { count: revoked }) }),
    });

  return (
    <SectionCard
      title={t('sessions.title')}
      aside={
        <Button
          variant="default"
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={signOutOthers}
        >
          {t('sessions.signOutOthers')}
        </Button>
      }
    >
      <Stack>
        <Text c="dimmed" fz="sm">
          {t('sessions.text')}
        </Text>
        {sessions.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {t('sessions.loadFailed')}
          </Alert>
        ) : sessions.isPending ? (
          <ListLoading label={t('sessions.loading')} />
        ) : (
          // On a phone the table scrolls inside its card, not the page.
          <Table.ScrollContainer minWidth={560} type="native">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sessions.device')}</Table.Th>
                  <Table.Th>{t('sessions.address')}</Table.Th>
                  <Table.Th>{t('sessions.signedIn')}</Table.Th>
                  <Table.Th>{t('sessions.lastSeen')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((session) => (
                  <Table.Tr key={session.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fz="sm">{deviceName(session)}</Text>
                        {session.current && (
                          <Badge color="green" variant="light">
                            {t('sessions.thisDevice')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{session.ip ?? t('sessions.unknownAddress')}</Table.Td>
                    <Table.Td>{dateText(session.created_at)}</Table.Td>
                    <Table.Td>{session.last_seen_at ? dateText(session.last_seen_at) : '—'}</Table.Td>
                    <Table.Td ta="right">
                      {!session.current && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('sessions.signOutAria', { device: deviceName(session) })}
                          loading={revokeOne.isPending && revokeOne.variables === session.id}
                          onClick={() => revokeOne.mutate(session.id)}
                        >
                          {t('sessions.signOut')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </SectionCard>
  );
}
