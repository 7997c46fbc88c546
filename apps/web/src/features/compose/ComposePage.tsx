// New alert (decision 0082): one screen to write an alert, see it in every station language with
// its segments, credits and recipients, and send it. The type starts at Emergency; a template
// (?template=<id> preselects one) brings its vetted translations, and so does an entry of the
// vetted phrasebook of that type (decision 0050), which every station has, once its fields (names,
// places, times: never translated) are filled in; typed text becomes a server draft after a short pause, whose machine translations arrive live. The figures are the send
// preview's, the Send is the Messages page's confirmation, and a standard user asks an admin to
// send instead (decision 0077): every rule stays the server's.
import {
  Alert,
  Anchor,
  Badge,
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
  PHRASEBOOK,
  phraseFieldProblems,
  renderPhraseTitle,
  TEMPLATE_LIMITS,
  TEXT_LIMITS,
  type TLanguageCode,
  type TPhraseEntry,
  type TSendResult,
  templateFields,
} from '@message-station/shared';
import { IconAlertCircle, IconCheck, IconShieldCheck, IconTemplate } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { serverErrorText } from '../../api/client';
import type { TMessage, TMessageInput } from '../../api/messages';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import type { TTemplate } from '../../api/templates';
import { useSessionUser } from '../../app/session-user';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { PhraseFieldInputs, usePhraseFields } from '../../components/PhraseFieldInput';
import { SearchInput } from '../../components/SearchInput';
import { useTranslation } from '../../i18n/react';
import { useUiLanguage } from '../../i18n/use-ui-language';
import { useComposeSlots } from '../../lib/compose-slots';
import { defaultOriginalLanguage } from '../../lib/original-language';
import { phraseRequest, phraseSketch, phrasesMatching, type TPhraseValues } from '../../lib/phrase-request';
import { useAllMessageTypesQuery, useStationLanguagesQuery } from '../../lib/station-queries';
import { ComposeLanguages } from './ComposeLanguages';
import { ComposeSend } from './ComposeSend';
import { useComposeTemplatesQuery, useDraftMessageQuery, useDraftPreviewQuery } from './queries';
import { draftKey, sourceId, useComposeDraft } from './use-compose-draft';

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

/** What the alert starts from: one of the station's templates or a phrasebook entry. */
type TChoice = { kind: 'template'; template: TTemplate } | { kind: 'phrase'; entry: TPhraseEntry };

function choiceId(choice: TChoice): string {
  return sourceId(
    choice.kind === 'template'
      ? { kind: 'template', id: choice.template.id }
      : { kind: 'phrase', id: choice.entry.id },
  );
}

function choiceType(choice: TChoice): string {
  return choice.kind === 'template' ? choice.template.message_type : choice.entry.messageType;
}

function startingType(types: TStationMessageType[]): string {
  const keys = types.map((type) => type.message_type);
  return keys.includes(DEFAULT_TYPE) ? DEFAULT_TYPE : (keys[0] ?? DEFAULT_TYPE);
}

function Compose({ types, languages, templates }: TComposeProps) {
  const { t } = useTranslation('compose');
  const user = useSessionUser();
  const [searchParams] = useSearchParams();
  const [type, setType] = useState(() => startingType(types));
  const [choice, setChoice] = useState<TChoice | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [originalLanguage, setOriginalLanguage] = useState(() => defaultOriginalLanguage(languages));
  const [sent, setSent] = useState<TSendResult | null>(null);
  /** A template or entry is being made into a message: its text on screen is not the user's. */
  const [applying, setApplying] = useState(false);
  const compose = useComposeDraft();
  const { saveInput } = compose;
  const listed = useDraftMessageQuery(compose.draft);
  // The newer of the server's answer to the last save and the list the stream keeps fresh.
  const message = newest(compose.draft, listed.data ?? null);
  const preview = useDraftPreviewQuery(message);

  const input = draftInput({ type, choice, values, text, title, originalLanguage, languages, message });
  const onScreen = input ? JSON.stringify(input) : '';
  // Debounced as a string: a new object each render would start the pause again.
  const [debounced] = useDebouncedValue(onScreen, COMPOSE_SAVE_DELAY_MS);
  // What is on screen is on the server: only then may it be sent.
  const saved = Boolean(input && compose.savedKey === draftKey(input));
  // A template or entry chosen whose message is not made yet: the text on screen is its own.
  // Until the server's text of the new message is on screen, nothing typed is to be saved.
  const awaitingTemplate = Boolean(choice && (compose.fromSource !== choiceId(choice) || applying));
  const { t: tMessages } = useTranslation('messages');

  const pick = (chosen: TChoice, chosenValues: Record<string, string>) => {
    setChoice(chosen);
    setValues(chosenValues);
    setType(choiceType(chosen));
    let made: Promise<TMessage | null>;
    if (chosen.kind === 'template') {
      const { template } = chosen;
      setOriginalLanguage(template.original_language);
      setText(fillTemplate(template.original, template.original_language, chosenValues));
      if (!fieldsFilled(template, chosenValues)) return;
      made = compose.applySource({ kind: 'template', templateId: template.id, values: chosenValues });
    } else {
      const { entry } = chosen;
      const original = originalLanguage as TLanguageCode;
      // Until every field is filled, the text shows each missing one as "[Place]".
      setText(
        phraseSketch(entry, original, chosenValues, (field) => tMessages(`phrasebook.fields.${field}`)),
      );
      if (phraseFieldProblems(entry, chosenValues).length > 0) return;
      const targets = languages.map((language) => language.language_code).filter((code) => code !== original);
      made = compose.applySource({
        kind: 'phrase',
        request: phraseRequest(entry, { fields: chosenValues, original, targets, type: entry.messageType }),
      });
    }
    // The server's text of the new message is the one on screen.
    setApplying(true);
    void made.then((message) => {
      if (message) setText(message.original);
      setApplying(false);
    });
  };

  // Typed text (or a type changed) is saved once the typing pauses. A pause that ended before a
  // template or entry was made into a message is not one: what it holds is no longer on screen
  // (saving it would replace the vetted message's text and have its translations made anew).
  useEffect(() => {
    if (!debounced || sent || awaitingTemplate || debounced !== onScreen) return;
    void saveInput(JSON.parse(debounced) as TMessageInput);
  }, [debounced, onScreen, sent, awaitingTemplate, saveInput]);

  // ?template=<id>: that template, chosen once the templates are here.
  const asked = searchParams.get('template');
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !asked || !templates) return;
    preselected.current = true;
    const found = templates.find((candidate) => candidate.id === asked);
    if (found) pick({ kind: 'template', template: found }, {});
  });

  const typeName = types.find((candidate) => candidate.message_type === type)?.display_name ?? type;
  const ofType = (templates ?? []).filter((candidate) => candidate.message_type === type);
  const phrasesOfType = PHRASEBOOK.filter((entry) => entry.messageType === type);
  const startAgain = () => {
    compose.reset();
    setSent(null);
    setChoice(null);
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
            if (choice && choiceType(choice) !== event.currentTarget.value) setChoice(null);
          }}
        />
        <TemplateChoice
          templates={templates}
          ofType={ofType}
          phrases={phrasesOfType}
          typeName={typeName}
          chosen={choice ? choiceId(choice) : null}
          disabled={Boolean(sent)}
          onChoose={(chosen) => pick(chosen, {})}
        />
        {choice?.kind === 'template' && choice.template.fields.length > 0 && (
          <TemplateFields
            key={choiceId(choice)}
            template={choice.template}
            values={values}
            disabled={Boolean(sent) || compose.fromSource === choiceId(choice)}
            onDone={(filled) => pick(choice, filled)}
          />
        )}
        {choice?.kind === 'phrase' && (
          <PhraseFields
            key={choiceId(choice)}
            entry={choice.entry}
            values={values}
            disabled={Boolean(sent) || compose.fromSource === choiceId(choice)}
            onDone={(filled) => pick(choice, filled)}
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
  choice: TChoice | null;
  values: Record<string, string>;
  text: string;
  title: string;
  originalLanguage: string;
  languages: TStationLanguage[];
  message: TMessage | null;
}): TMessageInput | null {
  const original = screen.text.trim();
  if (!original) return null;
  const templateTitle = chosenTitle(screen.choice, screen.values, screen.originalLanguage as TLanguageCode);
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

/** The title a template or entry gives the message (the phrasebook's as the server writes it). */
function chosenTitle(
  choice: TChoice | null,
  values: Record<string, string>,
  language: TLanguageCode,
): string {
  if (!choice) return '';
  if (choice.kind === 'template') {
    return fillTemplate(choice.template.title, choice.template.original_language, values);
  }
  return renderPhraseTitle(choice.entry, language, values).slice(0, TEXT_LIMITS.messageTitle);
}

const CHOICE_BUTTON_STYLES = {
  root: { maxWidth: '100%' },
  label: { whiteSpace: 'normal', textAlign: 'left' },
} as const;

/** One template or entry to start from: a check once chosen. */
function ChoiceButton({
  selected,
  disabled,
  icon: Icon,
  phrase,
  onClick,
  children,
}: {
  selected: boolean;
  disabled: boolean;
  icon: typeof IconTemplate;
  /** A phrasebook entry's id. */
  phrase?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant={selected ? 'light' : 'default'}
      size="sm"
      aria-pressed={selected}
      disabled={disabled}
      data-phrase={phrase}
      leftSection={
        selected ? <IconCheck size={14} aria-hidden="true" /> : <Icon size={14} aria-hidden="true" />
      }
      onClick={onClick}
      styles={CHOICE_BUTTON_STYLES}
    >
      {children}
    </Button>
  );
}

/** More choices than this and a search field filters them (a phone shows about this many at once). */
const CHOICES_BEFORE_SEARCH = 6;

/**
 * The station's templates and the phrasebook's entries of the chosen type, one tap each. A long
 * list gets a search field (a template by its name, an entry by its title or text in the UI
 * language): typing a word finds the entry without a tap more, where collapsed groups would cost one.
 */
function TemplateChoice({
  templates,
  ofType,
  phrases,
  typeName,
  chosen,
  disabled,
  onChoose,
}: {
  templates: TTemplate[] | null;
  ofType: TTemplate[];
  phrases: readonly TPhraseEntry[];
  typeName: string;
  /** The chosen one's choiceId. */
  chosen: string | null;
  disabled: boolean;
  onChoose: (choice: TChoice) => void;
}) {
  const { t } = useTranslation('compose');
  const ui = useUiLanguage() as TLanguageCode;
  const [search, setSearch] = useState('');
  const searchable = ofType.length + phrases.length > CHOICES_BEFORE_SEARCH;
  const needle = searchable ? search : '';
  const isChosen = (id: string) => id === chosen;
  // The chosen one stays in view whatever is searched.
  const shownTemplates = ofType.filter(
    (candidate) =>
      isChosen(sourceId({ kind: 'template', id: candidate.id })) ||
      candidate.name.toLocaleLowerCase(ui).includes(needle.trim().toLocaleLowerCase(ui)),
  );
  const found = new Set(phrasesMatching(phrases, needle, ui));
  const shownPhrases = phrases.filter(
    (entry) => found.has(entry) || isChosen(sourceId({ kind: 'phrase', id: entry.id })),
  );
  return (
    <Stack gap={6} component="section" aria-labelledby="compose-templates">
      <Text id="compose-templates" fz="sm" fw={500}>
        {t('templates')}
      </Text>
      {templates === null ? (
        <Text fz="sm" c="dimmed">
          {t('templatesLoading')}
        </Text>
      ) : ofType.length === 0 && phrases.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('noTemplates', { type: typeName })}
        </Text>
      ) : (
        <>
          {searchable && (
            <SearchInput
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              value={search}
              onChange={setSearch}
            />
          )}
          {shownTemplates.length + shownPhrases.length === 0 ? (
            <Text fz="sm" c="dimmed" role="status">
              {t('noMatches', { search: search.trim() })}
            </Text>
          ) : (
            <Group gap="xs">
              {shownTemplates.map((candidate) => (
                <ChoiceButton
                  key={candidate.id}
                  selected={isChosen(sourceId({ kind: 'template', id: candidate.id }))}
                  disabled={disabled}
                  icon={IconTemplate}
                  onClick={() => onChoose({ kind: 'template', template: candidate })}
                >
                  {candidate.name}
                </ChoiceButton>
              ))}
              {shownPhrases.map((entry) => (
                <ChoiceButton
                  key={entry.id}
                  selected={isChosen(sourceId({ kind: 'phrase', id: entry.id }))}
                  disabled={disabled}
                  icon={IconShieldCheck}
                  phrase={entry.id}
                  onClick={() => onChoose({ kind: 'phrase', entry })}
                >
                  {entry.title[ui]}
                </ChoiceButton>
              ))}
            </Group>
          )}
        </>
      )}
      {phrases.length > 0 && (
        <Text fz="xs" c="dimmed">
          {t('phrasesHint')}
        </Text>
      )}
    </Stack>
  );
}

/** A phrasebook entry's fields: once each is filled in, the message is made in every language. */
function PhraseFields({
  entry,
  values,
  disabled,
  onDone,
}: {
  entry: TPhraseEntry;
  values: TPhraseValues;
  disabled: boolean;
  onDone: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('compose');
  const fields = usePhraseFields(entry, values);
  return (
    <FieldsPanel
      entry={entry.id}
      onDone={entry.fields.length > 0 ? () => onDone(fields.values as Record<string, string>) : null}
      doneDisabled={!fields.filled || disabled}
    >
      <Badge
        variant="light"
        color="teal"
        tt="none"
        leftSection={<IconShieldCheck size={14} aria-hidden="true" />}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        data-vetted=""
      >
        {t('vetted')}
      </Badge>
      <Text fz="sm">
        {entry.fields.length > 0
          ? t('phraseFieldsHint', { count: entry.fields.length })
          : t('phraseNoFields')}
      </Text>
      <PhraseFieldInputs
        entry={entry}
        values={fields.values}
        errors={fields.errors}
        disabled={disabled}
        onChange={fields.change}
        onBlur={fields.leave}
      />
    </FieldsPanel>
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
    <FieldsPanel onDone={() => onDone(typed)} doneDisabled={!filled || disabled}>
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
    </FieldsPanel>
  );
}

/** A template's or entry's fields, then "Use these values" (none when there is nothing to fill). */
function FieldsPanel({
  entry,
  onDone,
  doneDisabled,
  children,
}: {
  /** A phrasebook entry's id. */
  entry?: string;
  onDone: (() => void) | null;
  doneDisabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('compose');
  return (
    <Paper withBorder p="sm" radius="md" data-phrase-fields={entry}>
      <Stack gap="xs">
        {children}
        {onDone && (
          <Group justify="flex-end">
            <Button size="xs" variant="default" disabled={doneDisabled} onClick={onDone}>
              {t('fieldsDone')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
