// Import: choose a CSV, see the dry run's per-row report, attest consent, import the valid rows.
import '@mantine/dropzone/styles.css';
import { Alert, Button, Checkbox, Code, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { TImportReport } from '@message-station/shared';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorText } from '../../api/client';
import { useSessionUser } from '../../app/session-user';
import { DropzoneContent } from '../../components/DropzoneContent';
import { useTranslation } from '../../i18n/react';
import { ImportReportTable } from './ImportReportTable';
import { useImportContactsMutation } from './queries';

export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
const CSV_TYPES = { 'text/csv': ['.csv'] };
const CSV_EXAMPLE =
  'name,phone,language,types\nMaria Lopez,415-555-0134,es,emergency;alert\nJohn Smith,415-555-0199,en,';

type ImportContactsModalProps = { opened: boolean; onClose: () => void };

export function ImportContactsModal({ opened, onClose }: ImportContactsModalProps) {
  const { t } = useTranslation('smsContacts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('import.title')} size="xl">
      {opened && <ImportFlow onClose={onClose} />}
    </Modal>
  );
}

type TStep =
  | { kind: 'choose' }
  | { kind: 'preview'; file: File; report: TImportReport }
  | { kind: 'done'; report: TImportReport };

function ImportFlow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('smsContacts');
  const { stationName } = useSessionUser();
  const check = useImportContactsMutation();
  const run = useImportContactsMutation();
  const [step, setStep] = useState<TStep>({ kind: 'choose' });
  const [rejected, setRejected] = useState(false);
  const [attested, setAttested] = useState(false);
  const [attestationError, setAttestationError] = useState(false);

  const chooseFile = (file: File) => {
    setRejected(false);
    check.mutate(
      { file, dryRun: true, consentAttested: false },
      { onSuccess: (report) => setStep({ kind: 'preview', file, report }) },
    );
  };

  const startOver = () => {
    check.reset();
    run.reset();
    setAttested(false);
    setAttestationError(false);
    setStep({ kind: 'choose' });
  };

  if (step.kind === 'done') {
    const skipped = step.report.total - step.report.imported - step.report.verified;
    return (
      <Stack gap="md">
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden="true" />}
          title={t('import.resultTitle')}
          role="status"
        >
          <Text>{t('import.imported', { count: step.report.imported })}</Text>
          {step.report.verified > 0 && <Text>{t('import.verified', { count: step.report.verified })}</Text>}
          {skipped > 0 && <Text>{t('import.skipped', { count: skipped })}</Text>}
          <Text fz="sm" mt={4}>
            {t('import.activeDone')}
          </Text>
        </Alert>
        {step.report.invalid > 0 && (
          <ImportReportTable report={{ ...step.report, rows: step.report.rows.filter((row) => row.error) }} />
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('import.done')}</Button>
        </Group>
      </Stack>
    );
  }

  if (step.kind === 'preview') {
    const { file, report } = step;
    const verifying = report.rows.filter((row) => row.verifies_existing).length;
    const submit = () => {
      if (!attested) {
        setAttestationError(true);
        return;
      }
      run.mutate(
        { file, dryRun: false, consentAttested: true },
        { onSuccess: (result) => setStep({ kind: 'done', report: result }) },
      );
    };
    return (
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconFileSpreadsheet size={20} aria-hidden="true" />
          <Text fw={600} truncate>
            {file.name}
          </Text>
        </Group>
        <Text fw={500} role="status">
          {t('import.summary', { total: report.total, valid: report.valid, invalid: report.invalid })}
        </Text>
        <ImportReportTable report={report} />
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
          role="note"
        >
          <Text fz="sm">{t('import.activeNote')}</Text>
          {verifying > 0 && (
            <Text fz="sm" mt={6}>
              {t('import.verifiesNote', { count: verifying })}
            </Text>
          )}
        </Alert>
        <Checkbox
          label={t('import.attestation', { station: stationName })}
          checked={attested}
          onChange={(event) => {
            setAttested(event.currentTarget.checked);
            setAttestationError(false);
          }}
          error={attestationError ? t('validation.importAttestationRequired') : undefined}
        />
        {run.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {serverErrorText(run.error, t('import.failed'))}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={startOver} disabled={run.isPending}>
            {t('import.chooseAnother')}
          </Button>
          <Button onClick={submit} loading={run.isPending} disabled={report.valid === 0}>
            {t('import.submit', { count: report.valid })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>{t('import.intro')}</Text>
      <Stack gap={6}>
        <Title order={3} fz="sm">
          {t('import.columnsTitle')}
        </Title>
        <Code block>{CSV_EXAMPLE}</Code>
        <Text fz="sm" c="dimmed">
          {t('import.columnsHelp')}
        </Text>
      </Stack>
      <Dropzone
        accept={CSV_TYPES}
        maxSize={IMPORT_MAX_BYTES}
        multiple={false}
        loading={check.isPending}
        onDrop={(files) => {
          const file = files[0];
          if (file) chooseFile(file);
        }}
        onReject={() => setRejected(true)}
        inputProps={{ 'aria-label': t('import.drop') }}
      >
        <DropzoneContent
          minHeight={110}
          idleIcon={<IconFileSpreadsheet size={40} color="var(--mantine-color-dimmed)" aria-hidden="true" />}
          title={t('import.drop')}
          hint={t('import.rules')}
        />
      </Dropzone>
      {check.isPending && check.variables && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text fz="sm">{t('import.checking', { file: check.variables.file.name })}</Text>
        </Group>
      )}
      {rejected && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {t('import.fileRejected')}
        </Alert>
      )}
      {check.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {serverErrorText(check.error, t('import.checkFailed'))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('import.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
