// The audit table: When (this browser's time), Who (name, email, a Superadmin badge), Action (worded
// from its code), Target, From (address) and Details that open to show each change before → after.
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TAuditEntry } from '@message-station/shared';
import { Fragment, useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { useTranslation } from '../../i18n/react';
import { actionSentence, changesOf, otherDetails, targetText, valueText } from './audit-words';

function WhoCell({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('audit');
  const { actor } = entry;
  if (!actor) {
    return (
      <Text fz="sm" c="dimmed">
        {entry.action.startsWith('billing.') ? t('stripe') : t('noActor')}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Text fz="sm" fw={500}>
          {actor.full_name || actor.email}
        </Text>
        {actor.is_superadmin && (
          <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
            {t('superadmin')}
          </Badge>
        )}
      </Group>
      {actor.full_name && actor.email && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {actor.email}
        </Text>
      )}
    </Stack>
  );
}

function EntryDetails({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('audit');
  const changes = changesOf(entry);
  const others = otherDetails(entry);
  const empty = t('empty_value');
  if (changes.length === 0 && others.length === 0 && !entry.user_agent) {
    return <Text fz="sm">{t('noDetails')}</Text>;
  }
  return (
    <Stack gap="xs">
      {changes.length > 0 && (
        <Table withTableBorder fz="sm" aria-label={t('columns.details')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('before')}</Table.Th>
              <Table.Th />
              <Table.Th>{t('after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.field}>
                <Table.Td ff="monospace">{change.field}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{valueText(change.before, empty)}</Table.Td>
                <Table.Td>→</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{valueText(change.after, empty)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {others.map(([key, value]) => (
        <Text key={key} fz="sm">
          <Text span ff="monospace">
            {key}
          </Text>
          : {valueText(value, empty)}
        </Text>
      ))}
      {entry.user_agent && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.user_agent}
        </Text>
      )}
    </Stack>
  );
}

export function AuditTable({ entries }: { entries: TAuditEntry[] }) {
  const { t, i18n } = useTranslation('audit');
  const [open, setOpen] = useState<string | null>(null);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });

  return (
    <ListTable
      columns={[
        t('columns.when'),
        t('columns.who'),
        t('columns.action'),
        t('columns.target'),
        t('columns.from'),
        t('columns.details'),
      ]}
    >
      {entries.map((entry) => {
        const opened = open === entry.id;
        return (
          <Fragment key={entry.id}>
            <Table.Tr data-audit-id={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.created_at}>
                  <Text span fz="sm" display="block">
                    {day.format(new Date(entry.created_at))}
                  </Text>
                  <Text span fz="xs" c="dimmed" display="block">
                    {time.format(new Date(entry.created_at))}
                  </Text>
                </time>
              </Table.Td>
              <Table.Td miw={170}>
                <WhoCell entry={entry} />
              </Table.Td>
              <Table.Td miw={200}>{actionSentence(t, entry)}</Table.Td>
              <Table.Td miw={170} style={{ overflowWrap: 'break-word' }}>
                {targetText(t, entry)}
              </Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {entry.ip}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-expanded={opened}
                  onClick={() => setOpen(opened ? null : entry.id)}
                >
                  {opened ? t('hideDetails') : t('showDetails')}
                </Button>
              </Table.Td>
            </Table.Tr>
            {opened && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <EntryDetails entry={entry} />
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </ListTable>
  );
}
