import { Title } from '@mantine/core';
import { useDocumentTitle } from './use-document-title';

/** A page's main heading; also names the browser tab. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(children);
  return (
    <Title order={1} mb="lg">
      {children}
    </Title>
  );
}
