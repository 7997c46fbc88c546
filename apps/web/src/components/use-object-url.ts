// A chosen file shown before it is uploaded (the signup wizard's and Settings' logo previews).
import { useEffect, useState } from 'react';

/** A blob: address of `file`, released when the file changes or the component goes; null without one. */
export function useObjectUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
