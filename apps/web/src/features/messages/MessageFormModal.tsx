// Create/edit a message: Title, Type, Original Text, Original Language, Target Languages (toggle
// pills); Cancel and Create Message / Update Message (spec §2, §4 New message defaults, §5, §8).
// The targets are the station's languages, each marked with the engine that translates it from the
// original language, or as covered by none (issue 19).
import {
  Alert,
  Button,
  Chip,
  Group,
  Input,
  Modal,
  NativeSelect,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LANGUAGE_CODES, STATION_DEFAULTS, TEXT_LIMITS, type TLanguageCode } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverErrorText } from '../../api/client';
import type { TMessage, TMessageInput } from '../../api/messages';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import { countedProps, exceededLimit } from '../../components/TextLimit';
import { useAdminPhone } from '../../components/use-admin-phone';
import { TargetCoverageNotice, useTargetCoverage } from '../settings/translation/TargetCoverage';
import { useLanguageName } from '../sms-contacts/use-language-name';
import { useCreateMessageMutation, useUpdateMessageMutation } from './queries';

type MessageFormModalProps = {
  opened: boolean;
  /** The message to edit, or null to create one. */
  message: TMessage | null;
  /** The station's active types, in display order. */
  types: TStationMessageType[];
  /** The station's active languages. */
  languages: TStationLanguage[];
  onClose: () => void;
};

export function MessageFormModal({ opened, message, onClose, ...rest }: MessageFormModalProps) {
  const { t } = useTranslation('messages');
  // On a phone (decision 0043) the form takes the whole screen.
  const phone = useAdminPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={message ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
      fullScreen={phone}
    >
      {opened && <MessageForm key={message?.id ?? 'new'} message={message} onClose={onClose} {...rest} />}
    </Modal>
  );
}

/** The type a new message starts with: Informational (the least urgent) when active, else the first. */
const DEFAULT_TYPE = 'informational';

/** en when the station has it (or has none), else its first language (spec §4, §9). */
export function defaultOriginalLanguage(languages: TStationLanguage[]): string {
  const codes = languages.map((language) => language.language_code);
  const fallback = STATION_DEFAULTS.primaryLanguage;
  if (codes.length === 0 || codes.includes(fallback)) return fallback;
  return codes[0] ?? fallback;
}

/**
 * The station's languages (an edited message keeps the targets it has), never the original: its
 * subscribers read no other, so translating into one would only cost time and engine quota. A
 * station that speaks only the original's language has none of its own to offer, while a message
 * needs one target: then every language is offered (`all`), and the form says why.
 */
function targetChoices(
  languages: TStationLanguage[],
  original: string,
  kept: string[],
): { codes: string[]; all: boolean } {
  const station = languages.map((language) => language.language_code);
  const nine: readonly string[] = LANGUAGE_CODES;
  const ordered = [...station, ...kept.filter((code) => !station.includes(code))];
  const codes = ordered.filter((code) => nine.includes(code) && code !== original);
  if (codes.length > 0) return { codes, all: false };
  return { codes: nine.filter((code) => code !== original), all: true };
}

function initialDraft(message: TMessage | null, types: TStationMessageType[], languages: TStationLanguage[]) {
  if (message) {
    return {
      title: message.title,
      original: message.original,
      originalLanguage: message.original_language,
      type: message.message_type,
      targets: message.target_languages.filter((code) => code !== message.original_language),
    };
  }
  const originalLanguage = defaultOriginalLanguage(languages);
  const keys = types.map((type) => type.message_type);
  return {
    title: '',
    original: '',
    originalLanguage,
    type: keys.includes(DEFAULT_TYPE) ? DEFAULT_TYPE : (keys[0] ?? DEFAULT_TYPE),
    // The station's active languages other than the original are preselected.
    targets: languages.map((language) => language.language_code).filter((code) => code !== originalLanguage),
  };
}

function MessageForm({ message, types, languages, onClose }: Omit<MessageFormModalProps, 'opened'>) {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const languageName = useLanguageName();
  const create = useCreateMessageMutation();
  const update = useUpdateMessageMutation();
  const [draft, setDraft] = useState(() => initialDraft(message, types, languages));
  const [problem, setProblem] = useState<string | null>(null);
  const saving = message ? update : create;
  const coverage = useTargetCoverage(draft.originalLanguage as TLanguageCode);
  const choices = targetChoices(languages, draft.originalLanguage, message?.target_languages ?? []);

  const typeOptions = types.map((type) => ({ value: type.message_type, label: type.display_name }));
  // An edited message keeps a type that was switched off since.
  if (message && !types.some((type) => type.message_type === message.message_type)) {
    typeOptions.push({ value: message.message_type, label: message.message_type });
  }

  const setField = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblem(null);
  };

  const failure = (error: Error): string => {
    if (error instanceof ApiError && error.status === 0) {
      return message ? t('form.updateNetwork') : t('form.createNetwork');
    }
    return serverErrorText(error, message ? t('form.updateFailed') : t('form.createFailed'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim() || !draft.original.trim()) {
      setProblem(t('form.required'));
      return;
    }
    // Only a message saved before the limits can be over them: the inputs stop there.
    const max = exceededLimit(
      [draft.title, TEXT_LIMITS.messageTitle],
      [draft.original, TEXT_LIMITS.messageBody],
    );
    if (max) {
      setProblem(tc('textLimit.tooLong', { max }));
      return;
    }
    // Submit is disabled without a target, and the pills say why.
    if (draft.targets.length === 0) return;
    const input: TMessageInput = {
      title: draft.title.trim(),
      original: draft.original.trim(),
      original_language: draft.originalLanguage,
      target_languages: draft.targets,
      message_type: draft.type,
    };
    const done = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: message ? t('form.updated') : t('form.created') });
        onClose();
      },
      onError: (error: Error) => setProblem(failure(error)),
    };
    if (message) update.mutate({ id: message.id, input }, done);
    else create.mutate(input, done);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('form.title')}
            placeholder={t('form.titlePlaceholder')}
            withAsterisk
            {...countedProps(draft.title, TEXT_LIMITS.messageTitle)}
            value={draft.title}
            onChange={(event) => setField('title', event.currentTarget.value)}
            miw={220}
          />
          <NativeSelect
            label={t('form.type')}
            data={typeOptions}
            value={draft.type}
            onChange={(event) => setField('type', event.currentTarget.value)}
            miw={160}
          />
        </Group>
        <Textarea
          label={t('form.original')}
          placeholder={t('form.originalPlaceholder')}
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          {...countedProps(draft.original, TEXT_LIMITS.messageBody)}
          value={draft.original}
          onChange={(event) => setField('original', event.currentTarget.value)}
        />
        <NativeSelect
          label={t('form.originalLanguage')}
          data={LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) }))}
          value={draft.originalLanguage}
          onChange={(event) => {
            const original = event.currentTarget.value;
            setDraft((current) => ({
              ...current,
              originalLanguage: original,
              // The original language is never a target.
              targets: current.targets.filter((code) => code !== original),
            }));
            setProblem(null);
          }}
          w={240}
        />
        <Input.Wrapper
          label={t('form.targetLanguages')}
          description={
            choices.all
              ? t('form.targetsOneLanguage', { language: languageName(draft.originalLanguage) })
              : t('form.targetsHelp')
          }
          labelElement="div"
          withAsterisk
          // Submit stays disabled without a target; this says why.
          error={draft.targets.length === 0 ? t('form.targetsRequired') : undefined}
        >
          <Chip.Group multiple value={draft.targets} onChange={(targets) => setField('targets', targets)}>
            <Group gap={6} mt={6} role="group" aria-label={t('form.targetLanguages')}>
              {choices.codes.map((code) => (
                <Chip
                  key={code}
                  value={code}
                  size="sm"
                  color={coverage.color(code)}
                  aria-label={languageName(code)}
                >
                  <span>{languageName(code)}</span>
                  {coverage.mark(code)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <TargetCoverageNotice coverage={coverage} targets={draft.targets} from={draft.originalLanguage} />
        {problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending} disabled={draft.targets.length === 0}>
            {message ? t('form.update') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
