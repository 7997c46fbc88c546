// New alert (decision 0082): one screen to write an alert, see it in every station language with
// its segments, credits and recipients, and send it. The type starts at Emergency; a template
// (?template=<id> preselects one) brings its vetted translations; typed text becomes a server
// draft after a short pause, whose machine translations arrive live. The figures are the send
// preview's, the Send is the Messages page's confirmation, and a standard user asks an admin to
// send instead (decision 0077): every rule stays the server's.
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  checkFieldValues,
  fillTemplate,
  TEMPLATE_LIMITS,
  TEXT_LIMITS,
  type TLanguageCode,
  type TSendResult,
  templateFields,
} from '@message-station/shared';
import { IconAlertCircle, IconCheck, IconTemplate } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { serverErrorText } from '../../api/client';
import type { TMessage, TMessageInput } from '../../api/messages';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import type { TTemplate } from '../../api/templates';
import { useSessionUser } from '../../app/session-user';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { useComposeSlots } from '../../lib/compose-slots';
import { defaultOriginalLanguage } from '../../lib/original-language';
import { useAllMessageTypesQuery, useStationLanguagesQuery } from '../../lib/station-queries';
import { ComposeLanguages } from './ComposeLanguages';
import { ComposeSend } from './ComposeSend';
import { useComposeTemplatesQuery, useDraftMessageQuery, useDraftPreviewQuery } from './queries';
import { draftKey, useComposeDraft } from './use-compose-draft';

/** The pause after the last keystroke before the text is saved and translated. */
export const COMPOSE_SAVE_DELAY_MS = 800;
/** An alert starts as an emergency where the station has that type. */
const DEFAULT_TYPE = 'emergency';
/** A title made of the text's first words: at most this many characters. */
const DERIVED_TITLE_MAX = 60;

/** The text's first words, whole, up to DERIVED_TITLE_MAX characters ("…" when cut). */
export function firstWords(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let title = '';
  for (const word of words) {
    const next = title ? `${title} ${word}` : word;
    if (next.length > DERIVED_TITLE_MAX) return title ? `${title}…` : `${word.slice(0, DERIVED_TITLE_MAX)}…`;
    title = next;
  }
  return title;
}

export function ComposePage() {
  const { t } = useTranslation('compose');
  const types = useAllMessageTypesQuery();
  const languages = useStationLanguagesQuery();
  const templates = useComposeTemplatesQuery();
  const { LiveMessages } = useComposeSlots();
  const failed = types.error ?? languages.error;
  return (
    <Stack gap="md">
      <LiveMessages />
      <PageTitle>{t('title')}</PageTitle>
      {failed ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {serverErrorText(failed, t('loadFailed'))}
        </Alert>
      ) : types.data && languages.data ? (
        <Compose
          types={types.data.filter((type) => type.is_active)}
          languages={languages.data}
          templates={templates.data ?? null}
        />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

type TComposeProps = {
  types: TStationMessageType[];
  languages: TStationLanguage[];
  /** Null while they load. */
  templates: TTemplate[] | null;
};

function startingType(types: TStationMessageType[]): string {
  const keys = types.map((type) => type.message_type);
  return keys.includes(DEFAULT_TYPE) ? DEFAULT_TYPE : (keys[0] ?? DEFAULT_TYPE);
}

function Compose({ types, languages, templates }: TComposeProps) {
  const { t } = useTranslation('compose');
  const user = useSessionUser();
  const [searchParams] = useSearchParams();
  const [type, setType] = useState(() => startingType(types));
  const [template, setTemplate] = useState<TTemplate | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [originalLanguage, setOriginalLanguage] = useState(() => defaultOriginalLanguage(languages));
  const [sent, setSent] = useState<TSendResult | null>(null);
  const compose = useComposeDraft();
  const { saveInput } = compose;
  const listed = useDraftMessageQuery(compose.draft);
  // The newer of the server's answer to the last save and the list the stream keeps fresh.
  const message = newest(compose.draft, listed.data ?? null);
  const preview = useDraftPreviewQuery(message);

  const input = draftInput({ type, template, values, text, title, originalLanguage, languages, message });
  // Debounced as a string: a new object each render would start the pause again.
  const [debounced] = useDebouncedValue(input ? JSON.stringify(input) : '', COMPOSE_SAVE_DELAY_MS);
  // What is on screen is on the server: only then may it be sent.
  const saved = Boolean(input && compose.savedKey === draftKey(input));
  // A template chosen whose message is not made yet: the text on screen is the template's.
  const awaitingTemplate = Boolean(template && compose.fromTemplate !== template.id);

  const pickTemplate = (chosen: TTemplate, chosenValues: Record<string, string>) => {
    setTemplate(chosen);
    setValues(chosenValues);
    setType(chosen.message_type);
    setOriginalLanguage(chosen.original_language);
    setText(fillTemplate(chosen.original, chosen.original_language, chosenValues));
    if (!fieldsFilled(chosen, chosenValues)) return;
    // The server's text of the new message is the one on screen.
    void compose.applyTemplate(chosen, chosenValues).then((made) => {
      if (made) setText(made.original);
    });
  };

  // Typed text (or a type changed) is saved once the typing pauses.
  useEffect(() => {
    if (!debounced || sent || awaitingTemplate) return;
    void saveInput(JSON.parse(debounced) as TMessageInput);
  }, [debounced, sent, awaitingTemplate, saveInput]);

  // ?template=<id>: that template, chosen once the templates are here.
  const asked = searchParams.get('template');
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !asked || !templates) return;
    preselected.current = true;
    const found = templates.find((candidate) => candidate.id === asked);
    if (found) pickTemplate(found, {});
  });

  const typeName = types.find((candidate) => candidate.message_type === type)?.display_name ?? type;
  const ofType = (templates ?? []).filter((candidate) => candidate.message_type === type);
  const startAgain = () => {
    compose.reset();
    setSent(null);
    setTemplate(null);
    setValues({});
    setText('');
    setTitle('');
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
      <Stack gap="md">
        <Text fz="sm" c="dimmed" data-draft-note="">
          {t('draftNote')}{' '}
          {message && (
            <Anchor component={Link} to={`/admin/messages?message=${encodeURIComponent(message.id)}`} fz="sm">
              {t('openInMessages')}
            </Anchor>
          )}
        </Text>
        <NativeSelect
          label={t('type')}
          data={types.map((candidate) => ({ value: candidate.message_type, label: candidate.display_name }))}
          value={type}
          disabled={Boolean(sent)}
          onChange={(event) => {
            setType(event.currentTarget.value);
            if (template && template.message_type !== event.currentTarget.value) setTemplate(null);
          }}
        />
        <TemplateChoice
          templates={templates}
          ofType={ofType}
          typeName={typeName}
          chosen={template}
          disabled={Boolean(sent)}
          onChoose={(chosen) => pickTemplate(chosen, {})}
        />
        {template && template.fields.length > 0 && (
          <TemplateFields
            template={template}
            values={values}
            disabled={Boolean(sent) || compose.fromTemplate === template.id}
            onDone={(filled) => pickTemplate(template, filled)}
          />
        )}
        <Textarea
          label={t('text')}
          description={t('textHint')}
          placeholder={t('textPlaceholder')}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={TEXT_LIMITS.messageBody}
          value={text}
          readOnly={Boolean(sent) || awaitingTemplate}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <TextInput
          label={t('titleField')}
          description={t('titleHint')}
          placeholder={input?.title}
          maxLength={TEXT_LIMITS.messageTitle}
          value={title}
          readOnly={Boolean(sent)}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        {compose.failure !== null && (
          <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {serverErrorText(compose.failure, t('saveFailed'))}
          </Alert>
        )}
      </Stack>
      <Stack gap="md">
        <ComposeLanguages
          languages={languages}
          original={originalLanguage}
          text={text}
          message={message}
          preview={preview}
        />
        <ComposeSend
          user={user}
          message={message}
          typeName={typeName}
          preview={preview}
          ready={saved && !compose.saving}
          sent={sent}
          onSent={setSent}
          onStartAgain={startAgain}
        />
      </Stack>
    </SimpleGrid>
  );
}

/** The later of two copies of the same message (by its last change), or whichever there is. */
function newest(answered: TMessage | null, listed: TMessage | null): TMessage | null {
  if (!answered) return null;
  if (!listed || listed.id !== answered.id) return answered;
  return Date.parse(listed.updatedAt) >= Date.parse(answered.updatedAt) ? listed : answered;
}

function fieldsFilled(template: TTemplate, values: Record<string, string>): boolean {
  const { missing, invalid } = checkFieldValues(templateFields(template.title, template.original), values);
  return missing.length === 0 && invalid.length === 0;
}

/**
 * What the server keeps of the screen, or null while there is no text. A draft keeps its
 * languages (as the detail's edit does); an empty title is the template's, else the first words.
 */
function draftInput(screen: {
  type: string;
  template: TTemplate | null;
  values: Record<string, string>;
  text: string;
  title: string;
  originalLanguage: string;
  languages: TStationLanguage[];
  message: TMessage | null;
}): TMessageInput | null {
  const original = screen.text.trim();
  if (!original) return null;
  const templateTitle = screen.template
    ? fillTemplate(screen.template.title, screen.template.original_language, screen.values)
    : '';
  const targets = screen.message
    ? screen.message.target_languages.filter((code) => code !== screen.message?.original_language)
    : screen.languages
        .map((language) => language.language_code)
        .filter((code) => code !== screen.originalLanguage);
  return {
    title: screen.title.trim() || templateTitle || firstWords(original),
    original,
    original_language: screen.originalLanguage as TLanguageCode,
    target_languages: targets,
    message_type: screen.type,
  };
}

/** The station's templates of the chosen type, one tap each. */
function TemplateChoice({
  templates,
  ofType,
  typeName,
  chosen,
  disabled,
  onChoose,
}: {
  templates: TTemplate[] | null;
  ofType: TTemplate[];
  typeName: string;
  chosen: TTemplate | null;
  disabled: boolean;
  onChoose: (template: TTemplate) => void;
}) {
  const { t } = useTranslation('compose');
  return (
    <Stack gap={6} component="section" aria-labelledby="compose-templates">
      <Text id="compose-templates" fz="sm" fw={500}>
        {t('templates')}
      </Text>
      {templates === null ? (
        <Text fz="sm" c="dimmed">
          {t('templatesLoading')}
        </Text>
      ) : ofType.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('noTemplates', { type: typeName })}
        </Text>
      ) : (
        <Group gap="xs">
          {ofType.map((candidate) => {
            const selected = candidate.id === chosen?.id;
            return (
              <Button
                key={candidate.id}
                variant={selected ? 'light' : 'default'}
                size="sm"
                aria-pressed={selected}
                disabled={disabled}
                leftSection={
                  selected ? (
                    <IconCheck size={14} aria-hidden="true" />
                  ) : (
                    <IconTemplate size={14} aria-hidden="true" />
                  )
                }
                onClick={() => onChoose(candidate)}
                styles={{ root: { maxWidth: '100%' }, label: { whiteSpace: 'normal', textAlign: 'left' } }}
              >
                {candidate.name}
              </Button>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}

const INPUT_TYPES = { date: 'date', time: 'time', text: 'text' } as const;

/** A template's fields: once each is filled in, the message is made with them. */
function TemplateFields({
  template,
  values,
  disabled,
  onDone,
}: {
  template: TTemplate;
  values: Record<string, string>;
  disabled: boolean;
  onDone: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('compose');
  const [typed, setTyped] = useState(values);
  const filled = fieldsFilled(template, typed);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fz="sm">{t('fieldsHint', { count: template.fields.length })}</Text>
        {template.fields.map((field) => (
          <TextInput
            key={field.name}
            label={`{${field.name}}`}
            description={t(`fieldKinds.${field.kind}`)}
            type={INPUT_TYPES[field.kind]}
            withAsterisk
            maxLength={TEMPLATE_LIMITS.fieldValue}
            value={typed[field.name] ?? ''}
            disabled={disabled}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setTyped((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button size="xs" variant="default" disabled={!filled || disabled} onClick={() => onDone(typed)}>
            {t('fieldsDone')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
