// React's side of the translator (decision 0087), in place of react-i18next: `useTranslation`
// gives a component its `t` and loads the namespaces it names (rendering again once they are in
// and whenever the language changes), `Trans` places components in a text's tags (TaggedText), and
// `I18nextProvider` hands a subtree another translator (the subscriber pages' own, decision 0027).
// The types are i18next's typed keys (src/i18n/i18next.d.ts), imported as types only.
import type { FlatNamespace, KeyPrefix, Namespace, TFunction } from 'i18next';
import {
  Children,
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { TaggedText } from './TaggedText';
import type { Translator, TTranslate } from './translator';

type TDefaultNamespace = 'common';

/** The namespace(s) a hook names, or the default one (as react-i18next types it). */
export type TFallbackNs<Ns> = Ns extends undefined
  ? TDefaultNamespace
  : Ns extends Namespace
    ? Ns
    : TDefaultNamespace;

export type TUseTranslation<Ns extends Namespace, KPrefix> = [
  t: TFunction<Ns, KPrefix>,
  i18n: Translator,
  ready: boolean,
] & {
  t: TFunction<Ns, KPrefix>;
  i18n: Translator;
  ready: boolean;
};

let defaultTranslator: Translator | null = null;

/** The translator components use where no provider names another (src/i18n/index.ts sets it). */
export function setDefaultTranslator(translator: Translator): void {
  defaultTranslator = translator;
}

const TranslatorContext = createContext<Translator | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

function namespaceList(ns: unknown, translator: Translator): string[] {
  if (ns === undefined || ns === null) return [translator.options.defaultNS];
  return typeof ns === 'string' ? [ns] : [...(ns as readonly string[])];
}

export function useTranslation<
  const Ns extends FlatNamespace | readonly [FlatNamespace, ...FlatNamespace[]] | undefined = undefined,
  const KPrefix extends KeyPrefix<TFallbackNs<Ns>> = undefined,
>(ns?: Ns, options?: { keyPrefix?: KPrefix; i18n?: Translator }): TUseTranslation<TFallbackNs<Ns>, KPrefix> {
  const fromContext = useContext(TranslatorContext);
  const translator = options?.i18n ?? fromContext ?? defaultTranslator;
  if (!translator) throw new Error('useTranslation: no translator (src/i18n/index.ts sets the default one)');
  const namespaces = namespaceList(ns, translator);
  const namespacesKey = namespaces.join('|');
  const keyPrefix = options?.keyPrefix as string | undefined;
  const [, setVersion] = useState(0);
  const ready = namespaces.every((namespace) => translator.hasLoadedNamespace(namespace));
  const language = translator.language;

  useEffect(() => {
    let mounted = true;
    const renderAgain = () => {
      if (mounted) setVersion((version) => version + 1);
    };
    translator.on('languageChanged', renderAgain);
    const list = namespacesKey.split('|');
    if (!list.every((namespace) => translator.hasLoadedNamespace(namespace))) {
      translator.loadNamespaces(list).then(renderAgain, renderAgain);
    } else if (translator.language !== language) {
      // The language changed between this render and the subscription.
      renderAgain();
    }
    return () => {
      mounted = false;
      translator.off('languageChanged', renderAgain);
    };
  }, [translator, namespacesKey, language]);

  return useMemo(() => {
    // A new `t` once texts arrive and when the language changes, so that what depends on it renders again.
    void ready;
    void language;
    const t = translator.getFixedT(null, namespacesKey.split('|'), keyPrefix) as unknown as TFunction<
      TFallbackNs<Ns>,
      KPrefix
    >;
    return Object.assign(
      [t, translator, ready] as [TFunction<TFallbackNs<Ns>, KPrefix>, Translator, boolean],
      {
        t,
        i18n: translator,
        ready,
      },
    );
  }, [translator, namespacesKey, keyPrefix, ready, language]);
}

/**
 * A text whose tags are components: `<download>the app</download>` with
 * components={{ download: <Link to="…" /> }} renders the link around "the app".
 */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any typed `t` of any namespace renders here.
  t: TFunction<any, any>;
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  return <TaggedText text={(t as unknown as TTranslate)(i18nKey, values)} parts={components} />;
}

/** A `t` of one namespace in a given language, typed as a hook's is. */
export function fixedT<const Ns extends FlatNamespace>(
  translator: Translator,
  language: string,
  namespace: Ns,
): TFunction<Ns> {
  return translator.getFixedT(language, namespace) as unknown as TFunction<Ns>;
}
