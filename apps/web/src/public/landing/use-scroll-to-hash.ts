// Scrolls to the element named by the URL hash once the page has rendered it.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Links like /#pricing land before the lazily loaded section exists, so scroll once it is rendered. */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
}
