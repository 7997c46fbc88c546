// Create/edit a message: Title, Type, Original Text, Original Language, Target Languages (toggle
// pills); Cancel and Create Message / Update Message.
// The targets are the station's languages (TargetLanguages.tsx), each marked with the engine that
// translates it from the original language, or as needing setup (decision 0050). What is typed is
// kept as a draft until it is created or saved, and a dirty form asks before it is closed
// (decision 0076).
import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  LANGUAGE_CODES,
  TEXT_LIMITS,
  type TLanguageCode,
  type TMessageRequest,
  ZMessageRequest,
} from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, serverErrorText } from '../../api/client';
import type { TMessage, TMessageInput } from '../../api/messages';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import { DraftRestoredNotice, GuardedModal } from '../../components/GuardedModal';
import { useSmsBudgetProps, useSmsFit } from '../../components/SmsBudget';
import { countedProps } from '../../components/TextLimit';
import { TargetCoverageNotice } from '../../components/translation-coverage/TargetCoverage';
import { useAdminPhone } from '../../components/use-admin-phone';
import { differs, useAutosave, useDraft } from '../../components/use-draft';
import { useFormGuard } from '../../components/use-guarded-modal';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { defaultOriginalLanguage } from '../../lib/original-language';
import { refusalsUnder, schemaResolver } from '../../lib/schema-resolver';
import { messageFormDraft, type TMessageDraft } from './message-drafts';
import { useCreateMessageMutation, useUpdateMessageMutation } from './queries';
import { defaultTargets, TargetLanguagePicker, useTargetMarks } from './TargetLanguages';

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
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={message ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
      fullScreen={phone}
    >
      {opened && <MessageForm key={message?.id ?? 'new'} message={message} onClose={onClose} {...rest} />}
    </GuardedModal>
  );
}

/** The type a new message starts with: Informational (the least urgent) when active, else the first. */
const DEFAULT_TYPE = 'informational';

type TDraft = TMessageDraft;

/** Kept here too: the template form imports it from the message form. */
function initialDraft(
  message: TMessage | null,
  types: TStationMessageType[],
  languages: TStationLanguage[],
): TDraft {
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
    targets: defaultTargets(languages, originalLanguage),
  };
}

function messageInput(draft: TDraft): TMessageInput {
  return {
    title: draft.title.trim(),
    original: draft.original.trim(),
    original_language: draft.originalLanguage,
    target_languages: draft.targets,
    message_type: draft.type,
  };
}

const checkMessage = schemaResolver(ZMessageRequest);
/** The draft's field each field of the body comes from. */
const DRAFT_FIELDS = {
  title: 'title',
  original: 'original',
  original_language: 'originalLanguage',
  target_languages: 'targets',
  message_type: 'type',
} as const satisfies Record<keyof TMessageInput, keyof TDraft>;

/**
 * What the server refuses the body with (ZMessageRequest, by its codes, decision 0068), under the
 * draft's fields in the schema's order (title, text, languages, type).
 */
function draftErrors(draft: TDraft): Partial<Record<keyof TDraft, string>> {
  // The form holds plain strings; the schema checks the language and type keys as the server does.
  const refused = checkMessage(messageInput(draft) as TMessageRequest);
  return refusalsUnder(refused, (path) => DRAFT_FIELDS[path as keyof TMessageInput]);
}

function MessageForm({ message, types, languages, onClose }: Omit<MessageFormModalProps, 'opened'>) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const create = useCreateMessageMutation();
  const update = useUpdateMessageMutation();
  // The server's refusal of a save; the form's own refusals are in form.errors.
  const [failure, setFailure] = useState<string | null>(null);
  // What the form opens with when nothing was kept; a draft kept of it opens instead, and says so.
  const [pristine] = useState(() => initialDraft(message, types, languages));
  const saved = useDraft<TDraft>(message ? `message:${message.id}` : 'message:new', (stored) =>
    messageFormDraft(stored, pristine, { types, languages, message }),
  );
  const [restoredShown, setRestoredShown] = useState(saved.restored !== null);
  const form = useForm<TDraft>({
    initialValues: saved.restored ?? pristine,
    validate: (values) => {
      const errors = draftErrors(values);
      // The schema passes: one SMS must still hold the text (decision 0052; the counter's fit, of
      // the text on screen), or the server refuses to send it.
      if (Object.keys(errors).length === 0 && smsFit && !smsFit.fits) {
        errors.original = t('budget.tooLong', {
          language: languageName(values.originalLanguage),
          max: formatCount(smsFit.max),
        });
      }
      return errors;
    },
    // Any change clears what the form said, as before it used @mantine/form.
    onValuesChange: () => {
      setFailure(null);
      if (Object.keys(form.errors).length > 0) form.clearErrors();
    },
  });
  const draft = form.getValues();
  const dirty = differs(draft, pristine);
  useAutosave(saved, draft, dirty);
  const { close } = useFormGuard({ dirty, onDiscard: saved.clear });
  const discardDraft = () => {
    saved.clear();
    form.setValues(pristine);
    setRestoredShown(false);
  };
  const saving = message ? update : create;
  const marks = useTargetMarks(draft.originalLanguage as TLanguageCode);
  // The counter is the room in one SMS once the station's name and opt-out line are added (decision 0052).
  const budgetProps = useSmsBudgetProps(draft.original, draft.originalLanguage);
  const smsFit = useSmsFit(draft.original, draft.originalLanguage);
  // One line says what is wrong (the first refusal, in the schema's order); the fields it names are marked.
  const problem = Object.values(form.errors)[0] ?? failure;

  const typeOptions = types.map((type) => ({ value: type.message_type, label: type.display_name }));
  // An edited message keeps a type that was switched off since.
  if (message && !types.some((type) => type.message_type === message.message_type)) {
    typeOptions.push({ value: message.message_type, label: message.message_type });
  }

  const failureText = (error: Error): string => {
    if (error instanceof ApiError && error.status === 0) {
      return message ? t('form.updateNetwork') : t('form.createNetwork');
    }
    return serverErrorText(error, message ? t('form.updateFailed') : t('form.createFailed'));
  };

  const submit = form.onSubmit((values) => {
    // Submit is disabled without a target, and the pills say why.
    if (values.targets.length === 0) return;
    const input = messageInput(values);
    const done = {
      onSuccess: () => {
        saved.clear();
        notifications.show({ color: 'green', message: message ? t('form.updated') : t('form.created') });
        onClose();
      },
      onError: (error: Error) => setFailure(failureText(error)),
    };
    if (message) update.mutate({ id: message.id, input }, done);
    else create.mutate(input, done);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {restoredShown && <DraftRestoredNotice onDiscard={discardDraft} />}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('form.title')}
            placeholder={t('form.titlePlaceholder')}
            withAsterisk
            {...countedProps(draft.title, TEXT_LIMITS.messageTitle)}
            {...form.getInputProps('title')}
            error={Boolean(form.errors.title)}
            miw={220}
          />
          <NativeSelect
            label={t('form.type')}
            data={typeOptions}
            {...form.getInputProps('type')}
            error={Boolean(form.errors.type)}
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
          {...budgetProps}
          {...form.getInputProps('original')}
          error={Boolean(form.errors.original)}
        />
        <NativeSelect
          label={t('form.originalLanguage')}
          data={LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) }))}
          value={draft.originalLanguage}
          error={Boolean(form.errors.originalLanguage)}
          onChange={(event) => {
            const original = event.currentTarget.value;
            form.setValues({
              originalLanguage: original,
              // The original language is never a target.
              targets: draft.targets.filter((code) => code !== original),
            });
          }}
          w={240}
        />
        <TargetLanguagePicker
          languages={languages}
          original={draft.originalLanguage}
          kept={message?.target_languages ?? []}
          value={draft.targets}
          onChange={(targets) => form.setFieldValue('targets', targets)}
          marks={marks}
        />
        <TargetCoverageNotice
          coverage={marks.coverage}
          targets={draft.targets}
          from={draft.originalLanguage}
        />
        {problem && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
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
