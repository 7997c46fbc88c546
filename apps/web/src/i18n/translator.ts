// The interface's translator (decision 0087): the part of i18next this app uses, in about 2 KiB
// instead of i18next's 14 KiB on every page. Texts live in src/locales/{lng}/{namespace}.json as
// nested JSON; a key is "namespace:path.to.text" or a path in the caller's namespaces. It does:
// {{name}} placeholders (values as given, no HTML escaping: React escapes), plurals by `count`
// with Intl.PluralRules (key_one, key_other… and key_zero for 0 when written), `defaultValue`,
// `returnObjects`, a fallback language, namespaces loaded on demand through `load`, and the
// `languageChanged` event. The typed keys stay i18next's (its TFunction type, src/i18n/i18next.d.ts):
// only types are imported from it, so nothing of it is bundled.

/** One namespace's texts: nested objects of strings (and arrays or objects read whole). */
export type TTexts = { [key: string]: unknown };

export type TTranslatorOptions = {
  /** The namespace of keys that name none. */
  defaultNS: string;
  /** The languages the translator speaks; another asked for resolves to its base language, else the fallback. */
  supportedLngs: readonly string[];
  /** Where a key missing in the language is looked up next (false: nowhere). */
  fallbackLng: string | false;
  /** The namespaces to load at once. */
  ns?: readonly string[];
  /** The starting language; else the first of `detect()` it speaks, else the fallback. */
  lng?: string;
  /** Texts already at hand, per language and namespace. */
  resources?: Record<string, Record<string, TTexts>>;
  /** Fetches one namespace of one language (absent: only `resources` and added texts). */
  load?: (language: string, namespace: string) => Promise<TTexts>;
  /** The languages the visitor prefers, best first. */
  detect?: () => readonly string[] | undefined;
  /** Keeps the language chosen (e.g. in localStorage) for the next visit. */
  remember?: (language: string) => void;
  /** Told of every key found in no namespace (tests list what a page misses). */
  onMissingKey?: (language: string, namespace: string, key: string) => void;
};

export type TTranslateOptions = {
  [value: string]: unknown;
  ns?: string | readonly string[];
  count?: number;
  defaultValue?: unknown;
  returnObjects?: boolean;
  lng?: string;
};

/** What `t` is at run time; callers see i18next's typed TFunction (src/i18n/react.tsx). */
export type TTranslate = (key: string, options?: TTranslateOptions | string) => string;

type TListener = (language: string) => void;

/** What a bound `t` fixes: a language (null: the current one), namespaces (null: the default), a key prefix. */
type TFixed = { language: string | null; namespaces: readonly string[] | null; keyPrefix?: string };

const CURRENT: TFixed = { language: null, namespaces: null };

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** "{{name}}" → the value; a placeholder with no value stays as written. */
export function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = valueAt(values, name);
    return value === undefined || value === null ? whole : String(value);
  });
}

export class Translator {
  /** The language texts are shown in (one of `supportedLngs`). */
  language = '';
  isInitialized = false;
  /** The options given to init, `ns` growing with each namespace loaded. */
  options: TTranslatorOptions & { ns: string[] } = {
    defaultNS: 'common',
    supportedLngs: [],
    fallbackLng: false,
    ns: [],
  };
  private readonly texts = new Map<string, Map<string, TTexts>>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<TListener>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  /** The language as the rest of the app reads it (i18next's name for it). */
  get resolvedLanguage(): string {
    return this.language;
  }

  async init(options: TTranslatorOptions): Promise<void> {
    this.options = { ...options, ns: [...(options.ns ?? [options.defaultNS])] };
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, texts] of Object.entries(namespaces))
        this.addResourceBundle(language, namespace, texts);
    }
    const wanted = options.lng ? [options.lng] : (options.detect?.() ?? []);
    this.language = this.resolve(wanted);
    this.isInitialized = true;
    await this.loadFor(this.language, this.options.ns);
    this.options.remember?.(this.language);
    this.emit();
  }

  /** The first of `wanted` spoken (exactly or by its base language), else the fallback, else the first spoken. */
  private resolve(wanted: readonly string[]): string {
    const spoken = this.options.supportedLngs;
    for (const tag of wanted) {
      const lower = tag.toLowerCase();
      const found =
        spoken.find((code) => code.toLowerCase() === lower) ??
        spoken.find((code) => code === lower.split('-')[0]);
      if (found) return found;
    }
    return this.options.fallbackLng || spoken[0] || 'en';
  }

  /** The languages a key is looked up in, in order. */
  private lookupLanguages(language = this.language): string[] {
    const fallback = this.options.fallbackLng;
    return fallback && fallback !== language ? [language, fallback] : [language];
  }

  async changeLanguage(wanted: string): Promise<TTranslate> {
    const language = this.resolve([wanted]);
    await this.loadFor(language, this.options.ns);
    this.language = language;
    this.options.remember?.(language);
    // Told even when the language stays: texts added for it since then show.
    this.emit();
    return this.getFixedT(null, null);
  }

  on(event: 'languageChanged', listener: TListener): void {
    if (event === 'languageChanged') this.listeners.add(listener);
  }

  off(event: 'languageChanged', listener: TListener): void {
    if (event === 'languageChanged') this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener(this.language);
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.texts.get(language)?.has(namespace) ?? false;
  }

  addResourceBundle(language: string, namespace: string, texts: TTexts): this {
    let namespaces = this.texts.get(language);
    if (!namespaces) {
      namespaces = new Map();
      this.texts.set(language, namespaces);
    }
    namespaces.set(namespace, { ...namespaces.get(namespace), ...texts });
    return this;
  }

  /** Whether a namespace is ready in the current language (its fallback loads beside it). */
  hasLoadedNamespace(namespace: string): boolean {
    return this.hasResourceBundle(this.language, namespace);
  }

  /** Loads namespaces for the current language; they then load with every later language change. */
  async loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    for (const namespace of list) if (!this.options.ns.includes(namespace)) this.options.ns.push(namespace);
    await this.loadFor(this.language, list);
  }

  /**
   * Loads what `language` shows: each namespace in it, and in the fallback language only where
   * the language itself has none (every namespace exists in both UI languages, check-locales).
   */
  private async loadFor(language: string, namespaces: readonly string[]): Promise<void> {
    const { load } = this.options;
    if (!load) return;
    await Promise.all(
      namespaces.map(async (namespace) => {
        try {
          await this.loadOne(language, namespace, load);
        } catch (error) {
          const fallback = this.options.fallbackLng;
          if (!fallback || fallback === language) throw error;
          await this.loadOne(fallback, namespace, load);
        }
      }),
    );
  }

  private loadOne(language: string, namespace: string, load: NonNullable<TTranslatorOptions['load']>) {
    if (this.hasResourceBundle(language, namespace)) return Promise.resolve();
    const key = `${language}|${namespace}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load(language, namespace).then((texts) => {
        this.addResourceBundle(language, namespace, texts);
      });
      // A failed download (offline, a new deploy) is tried again by the next request.
      pending.finally(() => this.loading.delete(key)).catch(() => undefined);
      this.loading.set(key, pending);
    }
    return pending;
  }

  private plural(language: string, count: number): string {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  /** The value at a key, the namespaces and languages tried in order; plural forms by `count`. */
  private find(
    key: string,
    namespaces: readonly string[],
    languages: readonly string[],
    count?: number,
  ): unknown {
    for (const language of languages) {
      for (const namespace of namespaces) {
        const texts = this.texts.get(language)?.get(namespace);
        if (!texts) continue;
        if (count !== undefined) {
          const forms = [count === 0 ? 'zero' : '', this.plural(language, count), 'other'];
          for (const form of forms) {
            const value = form ? valueAt(texts, `${key}_${form}`) : undefined;
            if (value !== undefined) return value;
          }
        }
        const value = valueAt(texts, key);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  }

  /** Where a key points: its namespaces (a "namespace:" in the key wins), path and language. */
  private locate(rawKey: string, options: TTranslateOptions, fixed: TFixed) {
    let namespaces: readonly string[] =
      typeof options.ns === 'string'
        ? [options.ns]
        : (options.ns ?? fixed.namespaces ?? [this.options.defaultNS]);
    let key = rawKey;
    const separator = key.indexOf(':');
    if (separator > 0 && /^[A-Za-z]\w*$/.test(key.slice(0, separator))) {
      namespaces = [key.slice(0, separator)];
      key = key.slice(separator + 1);
    }
    if (fixed.keyPrefix) key = `${fixed.keyPrefix}.${key}`;
    const language = options.lng ? this.resolve([options.lng]) : (fixed.language ?? this.language);
    const found = this.find(key, namespaces, this.lookupLanguages(language), options.count);
    return { key, namespaces, language, found };
  }

  private translate(rawKey: string, given: TTranslateOptions | string | undefined, fixed: TFixed): string {
    const options: TTranslateOptions = typeof given === 'string' ? { defaultValue: given } : (given ?? {});
    const { key, namespaces, language, found } = this.locate(rawKey, options, fixed);
    if (typeof found === 'string') return interpolate(found, options);
    if (found !== undefined && found !== null && options.returnObjects) return found as string;
    const { defaultValue } = options;
    if (defaultValue !== undefined) {
      return typeof defaultValue === 'string' ? interpolate(defaultValue, options) : (defaultValue as string);
    }
    this.options.onMissingKey?.(language, namespaces[0] ?? this.options.defaultNS, key);
    return key;
  }

  /** Translates in the current language and the default namespace. */
  t: TTranslate = (key, options) => this.translate(key, options, CURRENT);

  /** A `t` bound to a language (null: the current one), namespaces (null: the default) and a key prefix. */
  getFixedT(
    language: string | null,
    namespaces: string | readonly string[] | null,
    keyPrefix?: string,
  ): TTranslate {
    const fixed: TFixed = {
      language,
      namespaces: typeof namespaces === 'string' ? [namespaces] : namespaces,
      ...(keyPrefix ? { keyPrefix } : {}),
    };
    return (key, options) => this.translate(key, options, fixed);
  }

  /** Whether a key has a text (in the current language or the fallback). */
  exists(key: string, options: TTranslateOptions = {}): boolean {
    const { found } = this.locate(key, options, CURRENT);
    return found !== undefined && found !== null;
  }
}

export function createInstance(): Translator {
  return new Translator();
}
