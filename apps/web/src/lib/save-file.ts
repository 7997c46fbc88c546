// Hands a downloaded file to the browser's save, behind an object so tests can replace it.
import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '../api/file-download';

export const fileSaver = {
  save(blob: Blob, fileName: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};

/**
 * An export the server makes (audit log, SMS contacts): fetched with the session, saved under the
 * name the server gives it (`fallbackName` if it gives none); a refusal's text is the error.
 */
export function useFileExportMutation(fallbackName: string) {
  return useMutation({
    mutationFn: async (path: string) => {
      const file = await fetchFile(path);
      fileSaver.save(file.blob, file.fileName ?? fallbackName);
    },
  });
}
