// The per-row report of a CSV import: what each line holds and whether it can be imported.
import { Badge, Checkbox, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { TImportReport } from '@message-station/shared';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';

type TImportRow = TImportReport['rows'][number];

/** Rows drawn at most; the counts above the table always cover the whole file. */
const MAX_ROWS_SHOWN = 500;

export function ImportReportTable({ report }: { report: TImportReport }) {
  const { t } = useTranslation('smsContacts');
  const [errorsOnly, setErrorsOnly] = useState(report.invalid > 0 && report.valid > MAX_ROWS_SHOWN);
  const rows = errorsOnly ? report.rows.filter((row) => row.error) : report.rows;
  const shown = rows.slice(0, MAX_ROWS_SHOWN);

  return (
    <Stack gap="xs">
      {report.invalid > 0 && (
        <Checkbox
          size="xs"
          label={t('import.errorsOnly')}
          checked={errorsOnly}
          onChange={(event) => setErrorsOnly(event.currentTarget.checked)}
        />
      )}
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Table striped stickyHeader verticalSpacing={6} fz="sm" miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>{t('import.table.line')}</Table.Th>
              <Table.Th>{t('import.table.name')}</Table.Th>
              <Table.Th>{t('import.table.phone')}</Table.Th>
              <Table.Th>{t('import.table.language')}</Table.Th>
              <Table.Th>{t('import.table.types')}</Table.Th>
              <Table.Th>{t('import.table.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.line} bg={row.error ? 'red.0' : undefined}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.phone}</Table.Td>
                <Table.Td>{row.language}</Table.Td>
                <Table.Td>
                  {row.message_types.length ? row.message_types.join(', ') : t('import.allTypes')}
                </Table.Td>
                <Table.Td>
                  <RowResult row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > shown.length && (
        <Text fz="xs" c="dimmed">
          {t('import.shownRows', { shown: shown.length, total: rows.length })}
        </Text>
      )}
    </Stack>
  );
}

/** The row's error; else whether it adds a contact or verifies one imported earlier. */
function RowResult({ row }: { row: TImportRow }) {
  const { t } = useTranslation('smsContacts');
  if (row.error) {
    return (
      <Group gap={4} wrap="nowrap" align="flex-start">
        <IconX
          size={14}
          color="var(--mantine-color-red-7)"
          aria-hidden="true"
          style={{ flexShrink: 0, marginTop: 3 }}
        />
        <Text fz="sm" c="red">
          {row.error_code ? t(`import.rowError.${row.error_code}`, row.error_params ?? {}) : row.error}
        </Text>
      </Group>
    );
  }
  return (
    <Badge
      color={row.verifies_existing ? 'blue' : 'green'}
      variant="light"
      size="sm"
      tt="none"
      style={{ minWidth: 'max-content' }}
    >
      {row.verifies_existing ? t('import.verifies') : t('import.ready')}
    </Badge>
  );
}
