// Swagger UI for /docs/api: its bundle and stylesheet, served by this server
// (apps/server/src/modules/public-api/docs-page.ts, no CDN), loaded once when the page opens, and
// started on the v1 OpenAPI document with what makes it pass axe: a plugin for what Swagger UI
// renders (no <main> inside the page's own, no link inside the button that opens an operation)
// and names for the controls and regions it leaves unnamed. Swagger UI's own words stay English.

export const SWAGGER_UI_ASSETS = {
  script: '/docs/api/assets/swagger-ui-bundle.js',
  styles: '/docs/api/assets/swagger-ui.css',
} as const;

export const OPENAPI_DOCUMENT_URL = '/api/v1/openapi.json';

/** The few parts of React that Swagger UI hands its plugins (its own copy of React). */
type TSwaggerReact = {
  createElement: (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;
  cloneElement: (element: unknown, props: Record<string, unknown>) => unknown;
  isValidElement: (value: unknown) => boolean;
};
type TSwaggerSystem = { React: TSwaggerReact };
type TElement = { type: unknown; key: unknown; props: Record<string, unknown> & { children?: unknown } };
type TComponentClass = new (...args: unknown[]) => { render(): unknown };
type TOperationProps = { set: (key: string, value: unknown) => TOperationProps };

export type TSwaggerOptions = {
  url: string;
  domNode: HTMLElement;
  deepLinking: boolean;
  docExpansion: 'list' | 'full' | 'none';
  defaultModelsExpandDepth: number;
  displayRequestDuration: boolean;
  validatorUrl: null;
  persistAuthorization: boolean;
  syntaxHighlight: { activated: boolean; theme: string };
  plugins: ((system: TSwaggerSystem) => unknown)[];
  onComplete: () => void;
};
export type TSwaggerUiBundle = (options: TSwaggerOptions) => unknown;

declare global {
  interface Window {
    SwaggerUIBundle?: TSwaggerUiBundle;
  }
}

/** Swagger UI's tree with its <main id="operations"> as a <div>: the page has a main of its own. */
export function withoutMain(React: TSwaggerReact, node: unknown): unknown {
  if (Array.isArray(node)) {
    const mapped = node.map((child: unknown) => withoutMain(React, child));
    return mapped.some((child, index) => child !== node[index]) ? mapped : node;
  }
  if (!React.isValidElement(node)) return node;
  const element = node as TElement;
  const { children } = element.props;
  const mapped = withoutMain(React, children);
  if (element.type === 'main') {
    return React.createElement('div', { ...element.props, key: element.key, children: mapped });
  }
  return mapped === children ? node : React.cloneElement(node, { children: mapped });
}

/** The supported way to change what Swagger UI renders: components wrapped by a plugin. */
export function accessibleReferencePlugin(system: TSwaggerSystem) {
  const { React } = system;
  return {
    // Swagger UI's plugin API: each wrapper below is made once, when Swagger UI registers the
    // plugin, never during a render.
    wrapComponents: {
      // biome-ignore lint/correctness/noComponentHookFactories: made once, at registration (above)
      BaseLayout: (Original: TComponentClass) => {
        // What is handed over is Swagger UI's error boundary around the layout: the <main> is in
        // the layout's own render, one element down.
        let Mainless: TComponentClass | null = null;
        return class extends Original {
          override render() {
            const boundary = super.render();
            const layout = React.isValidElement(boundary) ? (boundary as TElement).props.children : null;
            const { type, props } = (React.isValidElement(layout) ? layout : {}) as Partial<TElement>;
            if (typeof type !== 'function' || typeof type.prototype?.render !== 'function') return boundary;
            Mainless ??= class extends (type as TComponentClass) {
              override render() {
                return withoutMain(React, super.render());
              }
            };
            return React.cloneElement(boundary, { children: React.createElement(Mainless, props ?? null) });
          }
        };
      },
      // The path is written inside the button that opens the operation: as text, not a link in a
      // button (axe nested-interactive). Opening an operation still puts it in the address.
      // biome-ignore lint/correctness/noComponentHookFactories: made once, at registration (above)
      OperationSummaryPath: (Original: unknown) => (props: { operationProps: TOperationProps }) =>
        React.createElement(Original, {
          ...props,
          operationProps: props.operationProps.set('isDeepLinkingEnabled', false),
        }),
    },
  };
}

/** The operation an element belongs to, as "GET /api/v1/me". */
function operationOf(element: Element): string {
  const block = element.closest('.opblock');
  const method = block?.querySelector('.opblock-summary-method')?.textContent ?? '';
  const path = block?.querySelector('[data-path]')?.getAttribute('data-path') ?? '';
  return `${method} ${path}`.trim();
}

/**
 * The document's title is an h1 in Swagger UI: the page's own title is the h1 here. The dialog's
 * "Authorized" comes as an h6 under an h4. Cheap, so done as soon as Swagger UI adds them: the page
 * never has two h1 headings, not even until the next frame.
 */
function levelHeadings(root: ParentNode) {
  for (const title of root.querySelectorAll('h1:not([aria-level])')) title.setAttribute('aria-level', '2');
  for (const heading of root.querySelectorAll('.auth-container h6:not([aria-level])')) {
    heading.setAttribute('aria-level', '5');
  }
}

/**
 * Names what Swagger UI leaves unnamed (the server and parameter selects, a request body being
 * tried, each operation's responses region, the authorization dialog's buttons and heading), puts
 * the document's title under the page's, and lets the keyboard reach the examples that scroll. Attributes React does
 * not manage there, so they stay when Swagger UI renders again.
 */
export function nameUnnamedParts(root: ParentNode) {
  for (const select of root.querySelectorAll<HTMLSelectElement>('select:not([aria-label])')) {
    if (select.id === 'servers') select.setAttribute('aria-label', 'Servers');
    else {
      const parameter = select.closest('tr[data-param-name]')?.getAttribute('data-param-name');
      if (parameter) select.setAttribute('aria-label', parameter);
    }
  }
  // The authorization dialog: its close button is an icon; its Authorize and Logout buttons are
  // named otherwise than they read ("Apply credentials", "Remove authorization"), and a name must
  // hold the words shown (WCAG 2.5.3 Label in Name).
  for (const close of root.querySelectorAll('button.close-modal:not([aria-label])')) {
    close.setAttribute('aria-label', 'Close');
  }
  for (const button of root.querySelectorAll('button[aria-label]')) {
    const shown = button.textContent?.trim() ?? '';
    const name = button.getAttribute('aria-label') ?? '';
    if (shown && !name.toLowerCase().includes(shown.toLowerCase())) button.setAttribute('aria-label', shown);
  }
  levelHeadings(root);
  for (const body of root.querySelectorAll('textarea.body-param__text:not([aria-label])')) {
    body.setAttribute('aria-label', `Request body of ${operationOf(body)}`);
  }
  for (const table of root.querySelectorAll('table[role="region"]:not([aria-label])')) {
    table.setAttribute('aria-label', `Responses of ${operationOf(table)}`);
  }
  for (const example of root.querySelectorAll('pre:not([tabindex])')) {
    if (example.scrollWidth > example.clientWidth || example.scrollHeight > example.clientHeight)
      example.setAttribute('tabindex', '0');
  }
}

/** Keeps naming what Swagger UI adds as operations open; returns the way to stop. */
export function keepNaming(root: HTMLElement): () => void {
  let queued = 0;
  const observer = new MutationObserver(() => {
    levelHeadings(root);
    cancelAnimationFrame(queued);
    queued = requestAnimationFrame(() => nameUnnamedParts(root));
  });
  observer.observe(root, { childList: true, subtree: true });
  nameUnnamedParts(root);
  return () => {
    cancelAnimationFrame(queued);
    observer.disconnect();
  };
}

function loadOnce(element: HTMLScriptElement | HTMLLinkElement): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener(
      'error',
      () => {
        element.remove();
        reject(
          new Error(`Could not load ${element instanceof HTMLScriptElement ? element.src : element.href}`),
        );
      },
      { once: true },
    );
    document.head.append(element);
  });
}

let loading: Promise<TSwaggerUiBundle> | null = null;

/** Swagger UI's bundle and stylesheet, fetched once per visit; a failed fetch is tried again next time. */
export function loadSwaggerUi(): Promise<TSwaggerUiBundle> {
  if (window.SwaggerUIBundle) return Promise.resolve(window.SwaggerUIBundle);
  loading ??= (async () => {
    const styles = document.createElement('link');
    styles.rel = 'stylesheet';
    styles.href = SWAGGER_UI_ASSETS.styles;
    const script = document.createElement('script');
    script.src = SWAGGER_UI_ASSETS.script;
    await Promise.all([loadOnce(styles), loadOnce(script)]);
    if (!window.SwaggerUIBundle) throw new Error('Swagger UI did not start');
    return window.SwaggerUIBundle;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts Swagger UI in `domNode` on the v1 document. */
export function startReference(bundle: TSwaggerUiBundle, domNode: HTMLElement, onComplete: () => void) {
  return bundle({
    url: OPENAPI_DOCUMENT_URL,
    domNode,
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    // Nothing leaves this site: no validator badge from a third party.
    validatorUrl: null,
    persistAuthorization: false,
    // Its default theme ('agate') writes numbers at 3.4:1; 'obsidian' holds AA everywhere.
    syntaxHighlight: { activated: true, theme: 'obsidian' },
    plugins: [accessibleReferencePlugin],
    onComplete,
  });
}
