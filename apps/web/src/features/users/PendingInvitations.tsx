// The Users page's "Pending invitations": people invited who have not created their account yet,
// with Resend (a new link, 7 more days) and Revoke in the row's menu (decisions 0025, 0085). Hidden while there are none.
import { Alert, Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TUserInvitation } from '@message-station/shared';
import { useId } from 'react';
import { ListTable } from '../../components/ListTable';
import { destructive, MoreActionsMenu } from '../../components/MoreActionsMenu';
import { useTranslation } from '../../i18n/react';
import { useInvitationsQuery, useResendInvitationMutation, useRevokeInvitationMutation } from './queries';
import { userErrorText } from './user-error';

export function PendingInvitations() {
  const { t, i18n } = useTranslation('users');
  const titleId = useId();
  const invitations = useInvitationsQuery();
  const resend = useResendInvitationMutation();
  const revoke = useRevokeInvitationMutation();
  const dates = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'medium',
  });

  if (invitations.isError) {
    return (
      <Alert color="red" mt="lg" role="alert">
        {t('invitations.loadFailed')}
      </Alert>
    );
  }
  const list = invitations.data ?? [];
  if (list.length === 0) return null;

  const onResend = (invitation: TUserInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('invitations.resent', { email: invitation.email }) }),
      onError: (error) =>
        notifications.show({ color: 'red', message: userErrorText(error, t('invitations.resendFailed')) }),
    });
  const onRevoke = (invitation: TUserInvitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: t('invitations.revoked', { email: invitation.email }),
        }),
      onError: (error) =>
        notifications.show({ color: 'red', message: userErrorText(error, t('invitations.revokeFailed')) }),
    });

  return (
    <Card p={{ base: 'md', lg: 'lg' }} mt="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId}>
        {t('invitations.title', { count: list.length })}
      </Title>
      <Text fz="sm" c="dimmed" mt={4} mb="md">
        {t('invitations.intro')}
      </Text>
      <ListTable
        columns={[
          t('invitations.columns.email'),
          t('invitations.columns.name'),
          t('invitations.columns.role'),
          t('invitations.columns.sent'),
          t('invitations.columns.expires'),
          t('invitations.columns.actions'),
        ]}
      >
        {list.map((invitation) => (
          <Table.Tr key={invitation.id} data-invitation-id={invitation.id}>
            <Table.Td>
              <Text fz="sm" truncate="end" maw={240} title={invitation.email}>
                {invitation.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" truncate="end" maw={200} title={invitation.full_name}>
                {invitation.full_name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={invitation.role === 'admin' ? 'red' : 'blue'}>
                {t(`role.${invitation.role}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{dates.format(new Date(invitation.created_at))}</Text>
            </Table.Td>
            <Table.Td>
              {invitation.status === 'expired' ? (
                <Badge variant="light" color="gray">
                  {t('invitations.expired')}
                </Badge>
              ) : (
                <Text fz="sm">{dates.format(new Date(invitation.expires_at))}</Text>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="default"
                  loading={resend.isPending && resend.variables === invitation.id}
                  onClick={() => onResend(invitation)}
                  aria-label={`${t('invitations.resend')} ${invitation.email}`}
                >
                  {t('invitations.resend')}
                </Button>
                <MoreActionsMenu
                  label={t('invitations.moreLabel', { email: invitation.email })}
                  row
                  disabled={revoke.isPending && revoke.variables === invitation.id}
                  actions={[
                    destructive(
                      t('invitations.revoke'),
                      () => onRevoke(invitation),
                      `${t('invitations.revoke')} ${invitation.email}`,
                    ),
                  ]}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Card>
  );
}
