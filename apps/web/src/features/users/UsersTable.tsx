// The users table: Name ('You' on the signed-in user), Email, Phone, Role, API Key (View API Key,
// or No Access with the reason), Last Login, Actions.
import { Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatUsPhone, type TStationUser } from '@message-station/shared';
import { IconKey } from '@tabler/icons-react';
import { codeText } from '../../api/error-words';
import { useSessionUser } from '../../app/session-user';
import { ListTable } from '../../components/ListTable';
import { destructive, MoreActionsMenu } from '../../components/MoreActionsMenu';
import { useTranslation } from '../../i18n/react';
import { useNow } from '../../lib/use-now';
import { displayName } from '../../lib/user-name';
import { useLastLoginText } from './last-login';

/** Names and emails up to their limits (100, 254 characters) end in "…"; hovering shows them whole. */
const NAME_WIDTH = 220;
const EMAIL_WIDTH = 160;

/**
 * A badge's label never shrinks to "A…": the table gives way elsewhere ('Administrador' and
 * 'Usted' in Spanish are wider than 'Admin' and 'You').
 */
const WHOLE_LABEL = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** Relative times move on once a minute. */
const LAST_LOGIN_TICK_MS = 60_000;

export type TUserAction = 'resetPassword' | 'edit' | 'delete' | 'apiKey';

type UsersTableProps = {
  users: TStationUser[];
  onAction: (action: TUserAction, user: TStationUser) => void;
};

export function UsersTable({ users, onAction }: UsersTableProps) {
  const { t } = useTranslation('users');
  const sessionUser = useSessionUser();
  const lastLoginText = useLastLoginText();
  const now = useNow(LAST_LOGIN_TICK_MS);

  return (
    <ListTable
      columns={[
        t('columns.name'),
        t('columns.email'),
        t('columns.phone'),
        t('columns.role'),
        t('columns.apiKey'),
        t('columns.lastLogin'),
        t('columns.actions'),
      ]}
    >
      {users.map((user) => (
        <Table.Tr key={user.id} data-user-id={user.id}>
          <Table.Td miw={120}>
            {/* The badge under the name: the columns fit 1280 px in Spanish too. */}
            <Stack gap={2} align="flex-start">
              <Text fz="sm" fw={500} truncate="end" maw={NAME_WIDTH} title={displayName(user)}>
                {displayName(user)}
              </Text>
              {user.id === sessionUser.id && (
                <Badge size="xs" variant="light" color="teal" styles={WHOLE_LABEL}>
                  {t('you')}
                </Badge>
              )}
            </Stack>
          </Table.Td>
          <Table.Td miw={150}>
            <Text fz="sm" truncate="end" maw={EMAIL_WIDTH} title={user.email}>
              {user.email}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsPhone(user.phone_number)}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={user.role === 'admin' ? 'red' : 'blue'} styles={WHOLE_LABEL}>
              {t(`role.${user.role}`)}
            </Badge>
          </Table.Td>
          <Table.Td>
            <ApiKeyCell user={user} onView={() => onAction('apiKey', user)} />
          </Table.Td>
          <Table.Td>
            {user.last_login_at ? (
              <time dateTime={user.last_login_at}>{lastLoginText(user.last_login_at, now)}</time>
            ) : (
              <Text fz="sm" c="dimmed" span>
                {lastLoginText(null, now)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            {/* Two short lines instead of one wide one: the table fits a 1280 px window. Delete waits
                in the row's menu beside them (docs/design.md "Actions"). */}
            <Group gap={6} wrap="nowrap" w="max-content">
              <Stack gap={6}>
                <Button size="compact-sm" variant="default" onClick={() => onAction('resetPassword', user)}>
                  {t('actions.resetPassword')}
                </Button>
                {user.role !== 'admin' && (
                  <Button size="compact-sm" variant="default" onClick={() => onAction('edit', user)}>
                    {t('actions.edit')}
                  </Button>
                )}
              </Stack>
              <MoreActionsMenu
                label={t('actions.moreLabel', { name: user.full_name })}
                row
                actions={[destructive(t('actions.delete'), () => onAction('delete', user))]}
              />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function ApiKeyCell({ user, onView }: { user: TStationUser; onView: () => void }) {
  const { t } = useTranslation('users');
  if (user.api_access_enabled) {
    return (
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconKey size={14} aria-hidden="true" />}
        onClick={onView}
        style={{ whiteSpace: 'nowrap' }}
      >
        {t('viewApiKey')}
      </Button>
    );
  }
  if (!user.api_access_reason) {
    return (
      <Badge variant="light" color="gray">
        {t('noAccess')}
      </Badge>
    );
  }
  return (
    <Tooltip
      label={
        (user.api_access_reason_code && codeText(user.api_access_reason_code, {})) || user.api_access_reason
      }
      withArrow
      multiline
      w={240}
    >
      {/* A button so keyboard users can reach the reason too. */}
      <Badge component="button" type="button" variant="light" color="gray" style={{ cursor: 'help' }}>
        {t('noAccess')}
      </Badge>
    </Tooltip>
  );
}
