// The shared kit as it renders: the markup a screen reader and the browser tests rely on (names, ids, states).
// Rendered to static markup, so no DOM library is needed; effects (a dialog's showModal) do not run here.
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { SelectField, TextArea, TextField } from './Field';
import { Pagination } from './Pagination';
import { QueryView } from './QueryView';
import { Rows } from './Rows';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const html = (node: ReactNode) => renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
const doc = (node: ReactNode) => new DOMParserLite(html(node));

/** Enough of a parser for these checks: attributes of the first element matching a tag and an attribute. */
class DOMParserLite {
  constructor(readonly markup: string) {}
  attrs(tag: string, where: RegExp): Record<string, string> | null {
    for (const m of this.markup.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))) {
      if (!where.test(m[1]!)) continue;
      return Object.fromEntries([...m[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? '']));
    }
    return null;
  }
  text(): string {
    return this.markup
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
}

describe('ConfirmDialog', () => {
  it('asks its question with the action, then Cancel, and names its button for the browser tests', () => {
    const d = doc(
      <ConfirmDialog title="Remove Anna?" confirmLabel="Remove" onConfirm={() => undefined} onClose={() => undefined} testId="confirm-delete">
        The driver can no longer log in.
      </ConfirmDialog>,
    );
    expect(d.text()).toContain('Remove Anna?');
    expect(d.text()).toContain('The driver can no longer log in.');
    expect(d.text()).toMatch(/Remove Cancel$/);
    expect(d.attrs('button', /data-testid="confirm-delete"/)?.class).toContain('btn--danger');
    // The title names the dialog.
    const dialog = d.attrs('dialog', /./)!;
    expect(d.attrs('h2', new RegExp(`id="${dialog['aria-labelledby']}"`))).not.toBeNull();
    // Nothing failed yet: no error is announced.
    expect(d.attrs('div', /role="alert"/)).toBeNull();
  });

  it('can ask for a harmless action in the primary colour', () => {
    const d = doc(
      <ConfirmDialog
        title="Accept offer"
        confirmLabel="Accept"
        variant="primary"
        onConfirm={() => undefined}
        onClose={() => undefined}
        testId="ok"
      />,
    );
    expect(d.attrs('button', /data-testid="ok"/)?.class).toContain('btn--primary');
  });
});

describe('TextField', () => {
  it('ties its error and hint to the input and marks it invalid', () => {
    const d = doc(<TextField id="email" label="Email" hint="We never share it." error="Enter a valid email address" required />);
    const input = d.attrs('input', /id="email"/)!;
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-required']).toBe('true');
    expect(input['aria-describedby']).toBe('email-hint email-error');
    expect(d.attrs('p', /id="email-error"/)?.role).toBe('alert');
    expect(d.text()).toContain('Enter a valid email address');
    expect(d.attrs('label', /for="email"/)).not.toBeNull();
  });

  it('without an error is neither invalid nor described by one', () => {
    const d = doc(<TextField id="name" label="Name" />);
    const input = d.attrs('input', /id="name"/)!;
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-describedby']).toBeUndefined();
    expect(d.attrs('p', /role="alert"/)).toBeNull();
  });

  it('leaves the native required off (the form says what is missing), keeps the field class on the shell, and lets a caller override the wiring', () => {
    const d = doc(<TextField id="city" label="City" required className="wide" aria-describedby="elsewhere" />);
    const input = d.attrs('input', /id="city"/)!;
    expect(input.required).toBeUndefined();
    expect(input.class).toBe('input');
    expect(input['aria-describedby']).toBe('elsewhere');
    expect(d.attrs('div', /class="field/)?.class).toBe('field  wide');
  });
});

describe('TextArea and SelectField', () => {
  it('wire their hint and error like the text field, and the select keeps its options', () => {
    const area = doc(<TextArea id="about" label="About" error="Too long" />).attrs('textarea', /id="about"/)!;
    expect(area).toMatchObject({ class: 'input input--area', 'aria-invalid': 'true', 'aria-describedby': 'about-error' });
    const d = doc(
      <SelectField id="unit" label="Unit" hint="Per delivery">
        <option value="kg">kg</option>
        <option value="t">t</option>
      </SelectField>,
    );
    expect(d.attrs('select', /id="unit"/)).toMatchObject({ class: 'input select', 'aria-describedby': 'unit-hint' });
    expect(d.attrs('option', /value="t"/)).not.toBeNull();
  });
});

describe('Pagination', () => {
  const pager = (page: number, totalPages: number, extra: { capped?: boolean; total?: number } = {}) =>
    doc(
      <Pagination
        page={page}
        size={10}
        result={{ total: extra.total ?? totalPages * 10, totalPages, items: Array.from({ length: 10 }), total_capped: extra.capped }}
        onPage={() => undefined}
      />,
    );

  it('marks the current page and says which rows are shown', () => {
    const d = pager(2, 10);
    expect(d.attrs('button', /aria-current="page"/)?.['aria-label']).toBe('Page 3');
    expect(d.text()).toContain('Showing 21–30 of 100');
    expect(d.attrs('button', /aria-label="Previous page"/)?.disabled).toBeUndefined();
  });

  it('cannot go back from the first page nor on from the last', () => {
    expect(pager(0, 5).attrs('button', /aria-label="Previous page"/)?.disabled).toBe('');
    expect(pager(4, 5).attrs('button', /aria-label="Next page"/)?.disabled).toBe('');
  });

  it('shows a capped count as "N+" and no page buttons for one page', () => {
    const d = pager(0, 1, { capped: true, total: 300 });
    expect(d.text()).toContain('of 300+');
    expect(d.attrs('button', /./)).toBeNull();
  });
});

describe('QueryView', () => {
  const view = (query: { isPending: boolean; isError: boolean; data: string[] | undefined }) =>
    doc(
      <QueryView query={{ ...query, refetch: () => undefined }} error="The drivers could not be loaded.">
        {(rows) => (
          <ul>
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </QueryView>,
    );

  it('says it is loading, then shows the data', () => {
    expect(view({ isPending: true, isError: false, data: undefined }).attrs('div', /role="status"/)).not.toBeNull();
    expect(view({ isPending: false, isError: false, data: ['Anna', 'Bo'] }).text()).toBe('Anna Bo');
  });

  it('on failure says what could not be loaded and offers a retry', () => {
    const d = view({ isPending: false, isError: true, data: undefined });
    expect(d.attrs('div', /role="alert"/)).not.toBeNull();
    expect(d.text()).toContain('The drivers could not be loaded.');
    expect(d.text()).toContain('Try again');
  });
});

describe('Rows', () => {
  it('heads the rows with the caption, or says there are none', () => {
    const rows = doc(
      <Rows caption="Accounts (2)" items={['Ada', 'Bo']} empty="No account matches.">
        {(name) => <li key={name}>{name}</li>}
      </Rows>,
    );
    expect(rows.attrs('h2', /class="list-caption"/)).not.toBeNull();
    expect(rows.text()).toBe('Accounts (2) Ada Bo');
    const none = doc(
      <Rows level={3} caption="Company users (0)" items={[]} empty="No users yet.">
        {() => null}
      </Rows>,
    );
    expect(none.attrs('h3', /class="list-caption"/)).not.toBeNull();
    expect(none.attrs('ul', /class="rows"/)).toBeNull();
    expect(none.text()).toBe('Company users (0) No users yet.');
  });
});
