// A translation being corrected by hand: its text (counted to the SMS limit), a note under it, and
// Cancel / Save, and the state behind it (useCorrection). Messages and templates both correct
// translations with them; each words its own texts and saves through its own call.
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TEXT_LIMITS } from '@message-station/shared';
import { useState } from 'react';
import { serverErrorText } from '../api/client';
import { useSmsBudgetProps } from './SmsBudget';
import { countedProps } from './TextLimit';

type TCorrectionOptions<TSaved> = {
  /** Saves the trimmed text; calls back as a TanStack mutation does. */
  save: (
    text: string,
    callbacks: { onSuccess: (saved: TSaved) => void; onError: (error: Error) => void },
  ) => void;
  onSaved: (saved: TSaved) => void;
  texts: { required: string; saved: string; failed: string };
};

/** Editing state of one translation: open it with a starting text, Save checks it is not empty. */
export function useCorrection<TSaved>({ save, onSaved, texts }: TCorrectionOptions<TSaved>) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const startEditing = (start: string) => {
    setText(start);
    setProblem(null);
    setEditing(true);
  };
  const onSave = () => {
    if (!text.trim()) {
      setProblem(texts.required);
      return;
    }
    save(text.trim(), {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: texts.saved });
        setEditing(false);
        onSaved(saved);
      },
      onError: (error) => setProblem(serverErrorText(error, texts.failed)),
    });
  };
  return {
    editing,
    startEditing,
    /** What TranslationEditor needs of the state. */
    editor: {
      text,
      problem,
      onChange: (next: string) => {
        setText(next);
        setProblem(null);
      },
      onCancel: () => setEditing(false),
      onSave,
    },
  };
}

type TranslationEditorProps = {
  label: string;
  note: string;
  text: string;
  problem: string | null;
  saving: boolean;
  labels: { cancel: string; save: string };
  onChange: (text: string) => void;
  onCancel: () => void;
  onSave: () => void;
  /** A message's translation: its counter is the room in one SMS in this language (decision 0052). */
  smsLanguage?: string;
};

export function TranslationEditor(props: TranslationEditorProps) {
  return props.smsLanguage ? (
    <SmsTranslationEditor {...props} smsLanguage={props.smsLanguage} />
  ) : (
    <Editor {...props} counted={countedProps(props.text, TEXT_LIMITS.messageBody)} />
  );
}

function SmsTranslationEditor(props: TranslationEditorProps & { smsLanguage: string }) {
  const counted = useSmsBudgetProps(props.text, props.smsLanguage);
  return <Editor {...props} counted={counted} />;
}

function Editor(props: TranslationEditorProps & { counted: ReturnType<typeof countedProps> }) {
  return (
    <Stack gap="xs" mt="xs">
      <Textarea
        label={props.label}
        autosize
        minRows={2}
        maxRows={10}
        {...props.counted}
        value={props.text}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        error={props.problem}
      />
      <Text fz="xs" c="dimmed">
        {props.note}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button size="compact-sm" variant="default" onClick={props.onCancel}>
          {props.labels.cancel}
        </Button>
        <Button size="compact-sm" onClick={props.onSave} loading={props.saving}>
          {props.labels.save}
        </Button>
      </Group>
    </Stack>
  );
}
