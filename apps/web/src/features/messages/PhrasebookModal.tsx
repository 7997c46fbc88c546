// "Emergency templates" (decision 0050): staff start an alert from the vetted phrasebook. The
// entries, grouped (Wireless Emergency Alert types, station alerts) and searchable by their title and
// text in the UI language; a chosen one's fields (place, county, time…) as inputs, its message type, the
// target languages the message form offers, and every language at once as it will be created,
// each with what its SMS costs. Create posts to /admin/api/messages/phrasebook: every language is
// finished on the spot, no engine asked, and the new message opens.
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  composedSms,
  LANGUAGE_CODES,
  PHRASEBOOK,
  phraseFieldProblems,
  type TLanguageCode,
  type TPhraseEntry,
  type TPhraseField,
  ZPhraseMessageRequest,
} from '@message-station/shared';
import { IconAlertCircle, IconArrowLeft, IconChevronRight, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorText } from '../../api/client';
import type { TMessage } from '../../api/messages';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import { GuardedModal } from '../../components/GuardedModal';
import { PhraseFieldInputs, usePhraseProblemWords } from '../../components/PhraseFieldInput';
import { SearchInput } from '../../components/SearchInput';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useFormGuard } from '../../components/use-guarded-modal';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useUiLanguage } from '../../i18n/use-ui-language';
import { defaultOriginalLanguage } from '../../lib/original-language';
import {
  phraseRequest,
  phraseSketch,
  phrasesMatching,
  type TPhraseDraft,
  type TPhraseValues,
} from '../../lib/phrase-request';
import { refusalsUnder, schemaResolver } from '../../lib/schema-resolver';
import { useAdminStationQuery } from '../../lib/station-queries';
import { useCreatePhraseMessageMutation } from './queries';
import { defaultTargets, TargetLanguagePicker } from './TargetLanguages';

type TPhrase = TPhraseEntry;
type TValues = TPhraseValues;

const GROUPS = ['wea', 'station'] as const;

type PhrasebookModalProps = {
  opened: boolean;
  /** The station's active types, in display order. */
  types: TStationMessageType[];
  /** The station's active languages. */
  languages: TStationLanguage[];
  onClose: () => void;
  onCreated: (message: TMessage) => void;
};

export function PhrasebookModal({ opened, onClose, ...rest }: PhrasebookModalProps) {
  const { t } = useTranslation('messages');
  // On a phone (decision 0043) it takes the whole screen, as the message form does.
  const phone = useAdminPhone();
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={t('phrasebook.title')}
      size="xl"
      fullScreen={phone}
    >
      {opened && <Phrasebook onClose={onClose} {...rest} />}
    </GuardedModal>
  );
}

function Phrasebook(props: Omit<PhrasebookModalProps, 'opened'>) {
  const [chosen, setChosen] = useState<TPhrase | null>(null);
  if (!chosen) return <PhraseChoices onChoose={setChosen} />;
  return <PhraseForm key={chosen.id} entry={chosen} onBack={() => setChosen(null)} {...props} />;
}

/** The entries by group, filtered by their title and text in the UI language. */
function PhraseChoices({ onChoose }: { onChoose: (entry: TPhrase) => void }) {
  const { t } = useTranslation('messages');
  const ui = useUiLanguage() as TLanguageCode;
  const [search, setSearch] = useState('');
  const matches = phrasesMatching(PHRASEBOOK, search, ui);
  return (
    <Stack gap="md">
      <Text fz="sm">{t('phrasebook.intro')}</Text>
      <SearchInput
        label={t('phrasebook.search')}
        placeholder={t('phrasebook.searchPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      {matches.length === 0 && (
        <Text fz="sm" c="dimmed" role="status">
          {t('phrasebook.noMatches', { search: search.trim() })}
        </Text>
      )}
      {GROUPS.map((group) => {
        const entries = matches.filter((entry) => entry.group === group);
        if (entries.length === 0) return null;
        return (
          <Stack key={group} gap="xs" component="section" aria-label={t(`phrasebook.groups.${group}`)}>
            <Title order={3} fz="md">
              {t(`phrasebook.groups.${group}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
              {entries.map((entry) => (
                <UnstyledButton
                  key={entry.id}
                  onClick={() => onChoose(entry)}
                  data-phrase={entry.id}
                  style={{ display: 'block' }}
                >
                  <Paper withBorder radius="md" px="sm" py={8}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fz="sm" fw={500}>
                        {entry.title[ui]}
                      </Text>
                      <IconChevronRight size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                    </Group>
                  </Paper>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** One language as it will be created, with what its SMS costs per subscriber. */
function PhrasePreview({
  entry,
  language,
  original,
  values,
  stationName,
}: {
  entry: TPhrase;
  language: TLanguageCode;
  original: boolean;
  values: TValues;
  stationName: string | undefined;
}) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const text = phraseSketch(entry, language, values, (field) => t(`phrasebook.fields.${field}`));
  const sms = stationName === undefined ? null : composedSms(stationName, text, language);
  return (
    <Paper withBorder p="sm" radius="md" data-preview={language}>
      <Group gap="xs" justify="space-between" align="flex-start">
        <Group gap="xs">
          <Text fw={600} fz="sm">
            {languageName(language)}
          </Text>
          {original && (
            <Badge size="sm" variant="light" tt="none">
              {t('phrasebook.original')}
            </Badge>
          )}
        </Group>
        {sms && (
          <Text fz="xs" c="dimmed" data-sms-cost>
            {t('phrasebook.cost', {
              count: sms.segments,
              segments: formatCount(sms.segments),
              characters: formatCount(sms.characters),
              encoding: sms.encoding,
            })}
          </Text>
        )}
      </Group>
      <Text fz="sm" mt={4} lang={language} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Paper>
  );
}

const checkPhrase = schemaResolver(ZPhraseMessageRequest);
/** The draft's field each field of the body comes from (a field's value keeps its path, fields.county). */
const DRAFT_PATHS: Record<string, string> = {
  original_language: 'original',
  target_languages: 'targets',
  message_type: 'type',
};

/**
 * What the server refuses: the body's schema (ZPhraseMessageRequest, by its codes, decision 0068),
 * then its rule that each of the entry's fields is filled in and short enough (phraseFieldProblems,
 * answered phrase_fields_missing / phrase_field_too_long for the whole body; here each field says
 * its own).
 */
function phraseErrors(
  entry: TPhrase,
  draft: TPhraseDraft,
  words: (problem: 'required' | 'too_long', field: TPhraseField) => string,
): FormErrors {
  const request = phraseRequest(entry, draft);
  // The form holds the type as a plain string; the schema checks it as the server does.
  const refused = checkPhrase(request);
  const errors: FormErrors = refusalsUnder(refused, (path) => DRAFT_PATHS[path] ?? path);
  for (const { field, problem } of phraseFieldProblems(entry, request.fields ?? {})) {
    errors[`fields.${field}`] ??= words(problem, field);
  }
  return errors;
}

function PhraseForm({
  entry,
  types,
  languages,
  onBack,
  onClose,
  onCreated,
}: Omit<PhrasebookModalProps, 'opened'> & { entry: TPhrase; onBack: () => void }) {
  const { t } = useTranslation('messages');
  const ui = useUiLanguage() as TLanguageCode;
  const languageName = useLanguageName();
  const station = useAdminStationQuery();
  const create = useCreatePhraseMessageMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const keys = types.map((type) => type.message_type);
  const words = usePhraseProblemWords();
  const validate = (draft: TPhraseDraft) => phraseErrors(entry, draft, words);
  const form = useForm<TPhraseDraft>({
    initialValues: (() => {
      const original = defaultOriginalLanguage(languages);
      return {
        fields: Object.fromEntries(entry.fields.map((field) => [field, ''])),
        original,
        targets: defaultTargets(languages, original),
        type: keys.includes(entry.messageType) ? entry.messageType : (keys[0] ?? entry.messageType),
      };
    })(),
    validate,
    // A field says what is wrong once left, then as it changes (Create waits until nothing is).
    validateInputOnBlur: true,
    validateInputOnChange: entry.fields.map((field) => `fields.${field}`),
    onValuesChange: () => setProblem(null),
  });
  const draft = form.getValues();
  // Closing with fields typed asks first (decision 0076).
  const { close } = useFormGuard({ dirty: form.isDirty() });
  const { original, targets, type } = draft;
  const trimmed = phraseRequest(entry, draft).fields as TValues;
  const ready = Object.keys(validate(draft)).length === 0;

  const typeOptions = types.map((candidate) => ({
    value: candidate.message_type,
    label: candidate.display_name,
  }));
  if (!keys.includes(type)) typeOptions.push({ value: type, label: type });

  const submit = form.onSubmit((values) => {
    create.mutate(phraseRequest(entry, values), {
      onSuccess: (message) => {
        notifications.show({ color: 'green', message: t('phrasebook.created') });
        onCreated(message);
        onClose();
      },
      onError: (error) => setProblem(serverErrorText(error, t('phrasebook.createFailed'))),
    });
  });

  const shown = [original, ...targets] as TLanguageCode[];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap" align="center">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} aria-hidden="true" />}
            onClick={onBack}
          >
            {t('phrasebook.back')}
          </Button>
        </Group>
        <Title order={3} fz="lg">
          {entry.title[ui]}
        </Title>
        <Alert
          color="blue"
          variant="light"
          p="xs"
          icon={<IconShieldCheck size={18} aria-hidden="true" />}
          data-phrasebook-note
        >
          <Text fz="sm">{t('phrasebook.note')}</Text>
        </Alert>
        <PhraseFieldInputs
          entry={entry}
          values={draft.fields}
          errors={Object.fromEntries(entry.fields.map((field) => [field, form.errors[`fields.${field}`]]))}
          columns={2}
          onChange={(field, value) => form.setFieldValue(`fields.${field}`, value)}
          onBlur={(field) => form.validateField(`fields.${field}`)}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect label={t('form.type')} data={typeOptions} {...form.getInputProps('type')} miw={180} />
          <NativeSelect
            label={t('form.originalLanguage')}
            data={LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) }))}
            value={original}
            error={form.errors.original}
            onChange={(event) => {
              const next = event.currentTarget.value;
              form.setValues({
                original: next,
                // The original language is never a target.
                targets: draft.targets.filter((code) => code !== next),
              });
            }}
            miw={180}
          />
        </Group>
        <TargetLanguagePicker
          languages={languages}
          original={original}
          value={targets}
          onChange={(next) => form.setFieldValue('targets', next)}
          description={t('phrasebook.targetsHelp')}
        />
        <Stack gap="xs" component="section" aria-label={t('phrasebook.preview')}>
          <Title order={3} fz="md">
            {t('phrasebook.preview')}
          </Title>
          {shown.map((language) => (
            <PhrasePreview
              key={language}
              entry={entry}
              language={language}
              original={language === original}
              values={trimmed}
              stationName={station.data?.display_name}
            />
          ))}
          <Text fz="xs" c="dimmed">
            {t('preview.note', { station: station.data?.display_name ?? '…' })}
          </Text>
        </Stack>
        {problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!ready}>
            {t('phrasebook.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
