import { type ComponentType, createElement, type LazyExoticComponent, lazy, useEffect } from 'react';
import { loadAllNamespaces, loadNamespaces } from '../i18n';
import { releasePrerenderedMarkup } from './prerendered';

type TPageNeeds = {
  /**
   * A layout around lazy pages (the subscriber pages' frame): attached before the page inside it
   * may be, so it leaves releasing the prerendered markup to that page.
   */
  layout?: boolean;
  /**
   * Translation namespaces the page renders with, beside `common`. By default every namespace of
   * the language: safe for any page. A page that lists its own loads less (the landing page).
   */
  namespaces?: readonly string[];
  /**
   * The Mantine styles beyond the first paint's, loaded with the page's code: by default every
   * stylesheet (all-styles.ts). The first paint ships only the styles of the public frame and the
   * landing page (src/app/first-paint-styles.ts), all the landing page needs (null); the
   * subscriber pages load their own few (subscriber-styles.ts).
   */
  styles?: (() => Promise<unknown>) | null;
};

/** Every Mantine stylesheet, in their package order (core before the other packages). */
const loadAllStyles = () => import('./all-styles');

/**
 * React.lazy for a named export, so each page file keeps a normal named export. The page renders
 * once its code, its translations and its styles are all there: never raw keys or unstyled markup.
 * A prerendered page takes clicks once it is attached (releasePrerenderedMarkup): from then on a
 * change of language cannot reach markup that React has not taken over yet.
 */
export function lazyPage<TName extends string>(
  load: () => Promise<{ [K in NoInfer<TName>]: ComponentType }>,
  name: TName,
  { namespaces, styles = loadAllStyles, layout = false }: TPageNeeds = {},
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    try {
      const [module] = await Promise.all([
        load(),
        namespaces ? loadNamespaces(namespaces) : loadAllNamespaces(),
        styles?.(),
      ]);
      const Page = module[name];
      return {
        default: function AttachedPage() {
          useEffect(layout ? () => undefined : releasePrerenderedMarkup, []);
          return createElement(Page);
        },
      };
    } catch (error) {
      // The error page replaces the prerendered markup; its buttons must work.
      releasePrerenderedMarkup();
      throw error;
    }
  });
}
