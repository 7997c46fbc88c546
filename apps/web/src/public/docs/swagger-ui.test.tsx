import { render, screen } from '@testing-library/react';
import * as React from 'react';
import { Component, createElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { accessibleReferencePlugin, nameUnnamedParts, withoutMain } from './swagger-ui';

type TPlugin = ReturnType<typeof accessibleReferencePlugin>;
const system = { React } as unknown as Parameters<typeof accessibleReferencePlugin>[0];

/** Swagger UI's error boundary, its layout with a <main>, and the wrapper it hands to plugins. */
function Boundary({ children }: { children: ReactNode }) {
  return <div className="boundary">{children}</div>;
}
class BaseLayout extends Component<{ title: string }> {
  override render() {
    return (
      <div className="swagger-ui">
        <h2>{this.props.title}</h2>
        <main id="operations">
          <p>operations</p>
        </main>
      </div>
    );
  }
}
class WithErrorBoundary extends Component<{ title: string }> {
  override render() {
    return createElement(Boundary, null, createElement(BaseLayout, this.props));
  }
}

/** Swagger UI's operation path: a link to the operation when deep linking is on. */
function OperationSummaryPath({ operationProps }: { operationProps: Map<string, unknown> }) {
  return operationProps.get('isDeepLinkingEnabled') ? <a href="#/x">/api/v1/me</a> : <span>/api/v1/me</span>;
}

describe("Swagger UI's plugin", () => {
  it('turns the <main> of a tree into a <div> and leaves the rest as it was', () => {
    const info = <section key="info">Message Station API v1</section>;
    const tree = (
      <div className="swagger-ui">
        {info}
        <main id="operations" tabIndex={-1} key="ops">
          <p>GET /api/v1/me</p>
        </main>
      </div>
    );
    const result = withoutMain(system.React, tree) as ReactElement<{ children: ReactElement[] }>;
    const [first, second] = result.props.children;
    expect(first).toBe(info);
    expect(second?.type).toBe('div');
    expect(second?.props).toMatchObject({ id: 'operations', tabIndex: -1 });
    const untouched = <div>{info}</div>;
    expect(withoutMain(system.React, untouched)).toBe(untouched);
  });

  it("renders Swagger UI's layout, behind its error boundary, without a <main>", () => {
    const plugin = accessibleReferencePlugin(system) as TPlugin;
    const Wrapped = plugin.wrapComponents.BaseLayout(
      WithErrorBoundary as never,
    ) as unknown as typeof WithErrorBoundary;
    const { container } = render(<Wrapped title="Message Station API v1" />);
    expect(screen.getByRole('heading', { name: 'Message Station API v1' })).toBeVisible();
    expect(container.querySelector('main')).toBeNull();
    expect(container.querySelector('.boundary div#operations')).toHaveTextContent('operations');
  });

  it('writes the path inside the button that opens an operation as text, not a link', () => {
    const plugin = accessibleReferencePlugin(system) as TPlugin;
    const Wrapped = plugin.wrapComponents.OperationSummaryPath(OperationSummaryPath) as (props: {
      operationProps: unknown;
    }) => ReactElement;
    // Swagger UI's operation props are an Immutable map; a Map answers set and get alike.
    render(<Wrapped operationProps={new Map([['isDeepLinkingEnabled', true]])} />);
    expect(screen.getByText('/api/v1/me').tagName).toBe('SPAN');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('nameUnnamedParts', () => {
  it('names the selects, request bodies, response regions and dialog buttons Swagger UI leaves unnamed', () => {
    document.body.innerHTML = `
      <div id="reference">
        <h1 class="title">Message Station API v1</h1>
        <div class="servers"><label for="servers"><select id="servers"><option>http://localhost</option></select></label></div>
        <div class="opblock opblock-get">
          <button class="opblock-summary-control"><span class="opblock-summary-method">GET</span>
            <span class="opblock-summary-path" data-path="/api/v1/messages"><span>/api/v1/messages</span></span></button>
          <table><tbody><tr data-param-name="type"><td><select><option>alert</option></select></td></tr></tbody></table>
          <textarea class="body-param__text"></textarea>
          <table role="region" class="responses-table"><tbody><tr><td>200</td></tr></tbody></table>
        </div>
        <div class="dialog-ux">
          <button type="button" class="close-modal"><svg aria-hidden="true"></svg></button>
          <button type="submit" aria-label="Apply credentials">Authorize</button>
          <div class="auth-container"><h4>stationKey</h4><h6>Authorized</h6></div>
          <button aria-label="Remove authorization">Logout</button>
          <button aria-label="Copy to clipboard of GET /api/v1/me">Copy</button>
        </div>
      </div>`;
    nameUnnamedParts(document.body);
    expect(screen.getByRole('heading', { level: 2, name: 'Message Station API v1' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Servers' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'type' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Request body of GET /api/v1/messages' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Responses of GET /api/v1/messages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Authorize' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // A name that holds the words shown is kept.
    expect(screen.getByRole('button', { name: 'Copy to clipboard of GET /api/v1/me' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authorized' })).toHaveAttribute('aria-level', '5');
    document.body.innerHTML = '';
  });
});
