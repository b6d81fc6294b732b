import { describe, expect, it } from 'vitest';
import { activeView, addUserView, parseUserViews, READY_MADE_VIEWS, removeUserView } from './saved-views';
import { declarationsSearchSchema } from './search-params';
import { DEFAULT_TABLE_PREFERENCES, parseTablePreferences } from './table-preferences';

describe('saved views', () => {
  it('ready-made views are valid URL search states', () => {
    for (const view of READY_MADE_VIEWS) expect(declarationsSearchSchema.parse(view.filters)).toMatchObject(view.filters);
  });

  it('recognises the active view whatever the page', () => {
    expect(activeView(READY_MADE_VIEWS, declarationsSearchSchema.parse({ currentStatus: 'Invalid', offset: 25 }))?.id).toBe('invalid');
    expect(activeView(READY_MADE_VIEWS, declarationsSearchSchema.parse({ currentStatus: 'Invalid', jurisdiction: 'GB' }))).toBeUndefined();
  });

  it('adds, replaces by name and removes user views; storage round-trips', () => {
    let views = addUserView(
      [],
      ' My GB errors ',
      declarationsSearchSchema.parse({ currentStatus: 'CustomsError', jurisdiction: 'GB', offset: 50 }),
      'v1',
    );
    expect(views).toEqual([{ id: 'v1', name: 'My GB errors', filters: { currentStatus: ['CustomsError'], jurisdiction: ['GB'] } }]);
    views = addUserView(views, 'my gb errors', declarationsSearchSchema.parse({ jurisdiction: 'GB' }), 'v2');
    expect(views.map((v) => v.id)).toEqual(['v2']);
    expect(parseUserViews(JSON.stringify(views))).toEqual(views);
    expect(removeUserView(views, 'v2')).toEqual([]);
  });

  it('survives broken storage', () => {
    expect(parseUserViews('{not json')).toEqual([]);
    expect(parseUserViews(JSON.stringify({ a: 1 }))).toEqual([]);
    expect(parseUserViews(JSON.stringify([{ id: 'x', name: 'ok', filters: {} }, { id: 1 }]))).toEqual([
      { id: 'x', name: 'ok', filters: {} },
    ]);
  });
});

describe('table preferences', () => {
  it('falls back to defaults, keeps LRN, drops unknown columns', () => {
    expect(parseTablePreferences(null)).toEqual(DEFAULT_TABLE_PREFERENCES);
    expect(parseTablePreferences('nope')).toEqual(DEFAULT_TABLE_PREFERENCES);
    expect(parseTablePreferences(JSON.stringify({ columns: ['mrn', 'status', 'gone'], density: 'huge' }))).toEqual({
      columns: ['status', 'lrn', 'mrn'],
      density: 'comfortable',
    });
  });
});
