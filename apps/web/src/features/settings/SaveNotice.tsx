// What a Settings section that saves on its own says after Save: saved, or why not in the
// interface language (the refusal's code worded by the web, not the server's English).
import { Alert } from '@mantine/core';
import { serverErrorText } from '../../api/client';

type SaveNoticeProps = {
  /** Saved, and nothing edited since. */
  saved: boolean;
  error: Error | null;
  savedText: string;
  failedText: (reason: string) => string;
};

export function SaveNotice({ saved, error, savedText, failedText }: SaveNoticeProps) {
  if (error) {
    return (
      <Alert color="red" role="alert">
        {failedText(serverErrorText(error, ''))}
      </Alert>
    );
  }
  if (!saved) return null;
  return (
    <Alert color="green" role="status">
      {savedText}
    </Alert>
  );
}
