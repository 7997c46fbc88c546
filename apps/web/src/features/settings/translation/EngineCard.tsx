// One of the station's engines in the Translation tab: its settings (a saved key shown only by its
// last four characters), its place in the order, "Test" with the settings as typed, and whether the
// station trusts it (not offered for Apertium, with the reason: decision 0050).
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  STATION_ENGINE_FIELDS,
  TEXT_LIMITS,
  type TTranslationEngineTestResponse,
} from '@message-station/shared';
import { IconArrowDown, IconArrowUp, IconLock, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useEngineName } from '../../../components/translation-coverage/use-engine-name';
import { useTranslation } from '../../../i18n/react';
import { useLanguageName } from '../../../i18n/use-language-name';
import { canBeTrusted, type TEngineDraft, testInput } from './engine-draft';
import { useTestTranslationEngineMutation } from './queries';

type EngineCardProps = {
  draft: TEngineDraft;
  position: number;
  count: number;
  onChange: (draft: TEngineDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

export function EngineCard({ draft, position, count, onChange, onMove, onRemove }: EngineCardProps) {
  const { t } = useTranslation('translationSettings');
  const engineName = useEngineName();
  const test = useTestTranslationEngineMutation();
  const trustHintId = useId();
  const fields = STATION_ENGINE_FIELDS[draft.engine];
  const name = engineName(draft.engine);
  // A result belongs to the settings it was made with.
  const change = (values: Partial<TEngineDraft>) => {
    test.reset();
    onChange({ ...draft, ...values });
  };

  const keyDescription = draft.removeKey
    ? t('fields.keyRemoved')
    : draft.keySet
      ? draft.keyHint
        ? t('fields.keySaved', { hint: draft.keyHint })
        : t('fields.keySavedNoHint')
      : undefined;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{t('order', { position: position + 1, engine: name })}</Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('moveUp', { engine: name })}
              disabled={position === 0}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('moveDown', { engine: name })}
              disabled={position === count - 1}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('remove', { engine: name })}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          {t(`engineHelp.${draft.engine}`)}
        </Text>
        {fields.baseUrl !== 'none' && (
          <TextInput
            label={fields.baseUrl === 'required' ? t('fields.baseUrl') : t('fields.baseUrlOptional')}
            withAsterisk={fields.baseUrl === 'required'}
            placeholder={t(`placeholders.${draft.engine as 'openai' | 'libretranslate' | 'apertium'}`)}
            maxLength={TEXT_LIMITS.url}
            value={draft.baseUrl}
            onChange={(event) => change({ baseUrl: event.currentTarget.value })}
          />
        )}
        {fields.model && (
          <TextInput
            label={t('fields.model')}
            withAsterisk
            placeholder={t('placeholders.model')}
            maxLength={TEXT_LIMITS.engineModel}
            value={draft.model}
            onChange={(event) => change({ model: event.currentTarget.value })}
          />
        )}
        {fields.key !== 'none' && (
          <PasswordInput
            label={fields.key === 'required' ? t('fields.apiKey') : t('fields.apiKeyOptional')}
            withAsterisk={fields.key === 'required' && !draft.keySet}
            description={keyDescription}
            autoComplete="off"
            maxLength={TEXT_LIMITS.engineApiKey}
            value={draft.apiKey}
            disabled={draft.removeKey}
            onChange={(event) => change({ apiKey: event.currentTarget.value })}
          />
        )}
        {canBeTrusted(draft.engine) ? (
          <Stack gap={4}>
            {/* Named "Trusted" alone: Switch's own description would sit inside its label. */}
            <Switch
              label={t('trust.label')}
              aria-describedby={trustHintId}
              checked={draft.trusted}
              onChange={(event) => onChange({ ...draft, trusted: event.currentTarget.checked })}
            />
            <Text id={trustHintId} fz="xs" c="dimmed">
              {t('trust.description')}
            </Text>
          </Stack>
        ) : (
          <Text fz="xs" c="dimmed">
            <IconLock size={13} aria-hidden="true" style={{ verticalAlign: -2, marginRight: 4 }} />
            {t('trust.offline')}
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            size="xs"
            loading={test.isPending}
            onClick={() => test.mutate(testInput(draft))}
          >
            {t('test')}
          </Button>
          {draft.keySet && fields.key !== 'none' && (
            <Button
              variant="subtle"
              size="xs"
              color={draft.removeKey ? 'gray' : 'red'}
              onClick={() => change({ removeKey: !draft.removeKey, apiKey: '' })}
            >
              {draft.removeKey ? t('fields.keepKey') : t('fields.removeKey')}
            </Button>
          )}
        </Group>
        {test.data && <TestResult result={test.data} />}
        {test.error && (
          <Alert color="red" role="alert">
            {t('testError', { reason: test.error.message })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function TestResult({ result }: { result: TTranslationEngineTestResponse }) {
  const { t } = useTranslation('translationSettings');
  const languageName = useLanguageName();
  const pair = { from: languageName(result.from), to: languageName(result.to) };
  if (result.ok) {
    return (
      <Alert color="green" role="status">
        {t('testOk', { ...pair, sample: result.sample, translated: result.translated })}
      </Alert>
    );
  }
  return (
    <Alert color="red" role="status">
      <Text fz="sm">{t('testFailed', { ...pair, reason: t(`problems.${result.problem}`) })}</Text>
      <Text fz="xs" c="dimmed" mt={4}>
        {t('testDetail', { detail: result.detail })}
      </Text>
    </Alert>
  );
}
