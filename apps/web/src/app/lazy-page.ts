import { type ComponentType, createElement, type LazyExoticComponent, lazy, useEffect } from 'react';
import { loadAllNamespaces, loadNamespaces } from '../i18n';
import { releasePrerenderedMarkup } from './prerendered';

type TPageNeeds = {
  /**
   * Translation namespaces the page renders with, beside `common`. By default every namespace of
   * the language: safe for any page. A page that lists its own loads less (the landing page).
   */
  namespaces?: readonly string[];
  /**
   * Every Mantine stylesheet. The first paint ships only the styles of the public frame and the
   * landing page (src/app/first-paint-styles.ts); every other page loads the rest with its code.
   */
  allStyles?: boolean;
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
  { namespaces, allStyles = true }: TPageNeeds = {},
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    try {
      const [module] = await Promise.all([
        load(),
        namespaces ? loadNamespaces(namespaces) : loadAllNamespaces(),
        allStyles ? loadAllStyles() : undefined,
      ]);
      const Page = module[name];
      return {
        default: function AttachedPage() {
          useEffect(releasePrerenderedMarkup, []);
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
