// Settings → SMS Settings → Subscriber texts: the station's own wording of the opt-in confirmation
// and the HELP reply in each of its languages, with the default as placeholder, a live count of
// characters and segments of the text as it goes out, Save and Reset to default.
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  renderSmsTemplate,
  smsSegments,
  stationSmsTextProblem,
  type TLanguageCode,
  type TStationSmsText,
  type TStationSmsTextProblem,
  type TStationSmsTexts,
} from '@message-station/shared';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { HelpText } from '../../components/LearnMore';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useSaveStationSmsTextMutation, useStationSmsTextsQuery } from './sms-texts-queries';

export function SubscriberTextsSection() {
  const { t, i18n } = useTranslation('settings');
  const languageName = useLanguageName();
  const query = useStationSmsTextsQuery();
  const languages = [...new Set(query.data?.texts.map((text) => text.language) ?? [])];
  const [chosen, setChosen] = useState<string | null>(null);
  // The interface's language first when the station offers it, else the station's primary.
  const initial = languages.includes(i18n.language) ? i18n.language : languages[0];
  const language = chosen && languages.includes(chosen) ? chosen : (initial ?? null);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="subscriber-texts-title">
      <Title order={2} fz="h5" mb={4} id="subscriber-texts-title">
        {t('smsTexts.title')}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        <HelpText short={t('smsTexts.hint')} more={t('smsTexts.hintMore')} />
      </Text>
      {query.isError ? (
        <Alert color="red">{t('smsTexts.loadFailed')}</Alert>
      ) : !query.data || !language ? (
        <Text fz="sm" c="dimmed">
          {t('smsTexts.loading')}
        </Text>
      ) : (
        <Stack gap="md">
          <Select
            label={t('smsTexts.language')}
            data={languages.map((code) => ({ value: code, label: languageName(code) }))}
            value={language}
            onChange={setChosen}
            allowDeselect={false}
            maw={280}
          />
          {query.data.texts
            .filter((text) => text.language === language)
            .map((text) => (
              <SmsTextEditor
                key={`${text.language}/${text.kind}/${text.text ?? ''}`}
                text={text}
                limits={query.data}
              />
            ))}
        </Stack>
      )}
    </Paper>
  );
}

type TEditorProps = {
  text: TStationSmsText;
  limits: Pick<TStationSmsTexts, 'max_characters' | 'max_segments' | 'placeholders'>;
};

/** The problem the server answered, worded here from its code (or its text for an unknown one). */
function refusalOf(error: unknown): TStationSmsTextProblem | string | null {
  if (!error) return null;
  const body = error instanceof ApiError ? (error.body as Partial<TStationSmsTextProblem> | null) : null;
  if (body?.code?.startsWith('sms_text_')) return { code: body.code, params: body.params ?? {} };
  return error instanceof Error ? error.message : String(error);
}

function SmsTextEditor({ text, limits }: TEditorProps) {
  const { t } = useTranslation('settings');
  const save = useSaveStationSmsTextMutation();
  const send = (value: string | null) =>
    save.mutate(
      { language: text.language as TLanguageCode, kind: text.kind, text: value },
      { onSuccess: () => notifications.show({ color: 'green', message: t('smsTexts.saved') }) },
    );
  const [draft, setDraft] = useState(text.text ?? '');
  const kindLabel = t(`smsTexts.kinds.${text.kind}`);
  const edited = draft.trim() !== (text.text ?? '');
  const problem = draft.trim() ? stationSmsTextProblem(text.kind, draft, text.filled) : null;
  // What goes out if saved now: the draft filled in, else what is sent today.
  const outgoing = draft.trim() ? renderSmsTemplate(draft.trim(), text.filled) : text.preview.body;
  const count = smsSegments(outgoing);
  const refusal = refusalOf(save.error);
  const shownProblem = (edited ? problem : null) ?? (typeof refusal === 'object' ? refusal : null);
  const problemText = shownProblem ? t(`smsTexts.errors.${shownProblem.code}`, shownProblem.params) : null;
  const placeholders = limits.placeholders[text.kind].map((name) => `{${name}}`).join(' ');

  return (
    <Stack gap={6} data-sms-text={`${text.language}/${text.kind}`}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} fz="sm">
          {kindLabel}
        </Text>
        <Badge variant="light" color={text.text === null ? 'gray' : 'blue'}>
          {text.text === null ? t('smsTexts.usingDefault') : t('smsTexts.usingOwn')}
        </Badge>
      </Group>
      <Textarea
        aria-label={t('smsTexts.editorLabel', { kind: kindLabel })}
        description={t('smsTexts.placeholders', { placeholders })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        lang={text.language}
        placeholder={text.default_text}
        value={draft}
        onChange={(event) => {
          save.reset();
          setDraft(event.currentTarget.value);
        }}
        autosize
        minRows={3}
        maxLength={limits.max_characters * 2}
        error={problemText}
      />
      <Text fz="xs" c={count.segments > limits.max_segments ? 'red' : 'dimmed'} aria-live="polite">
        {t('smsTexts.count', {
          characters: count.characters,
          count: count.segments,
          encoding: count.encoding === 'GSM-7' ? 'GSM-7' : t('smsTexts.unicode'),
          max: limits.max_segments,
        })}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('smsTexts.willSend')}
      </Text>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} lang={text.language} data-sms-preview>
        {outgoing}
      </Text>
      {typeof refusal === 'string' ? (
        <Text fz="sm" c="red" role="alert">
          {refusal}
        </Text>
      ) : null}
      <Group gap="xs">
        {/* Secondary: the tab's filled action is Save SMS Settings (docs/design.md "Actions"). */}
        <Button
          type="button"
          size="xs"
          variant="default"
          disabled={!edited || !draft.trim() || Boolean(problem)}
          loading={save.isPending && save.variables?.text !== null}
          onClick={() => send(draft.trim())}
        >
          {t('smsTexts.save')}
        </Button>
        {text.text !== null ? (
          <Button
            type="button"
            size="xs"
            variant="default"
            loading={save.isPending && save.variables?.text === null}
            onClick={() => send(null)}
          >
            {t('smsTexts.reset')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
