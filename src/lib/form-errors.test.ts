import type { ErrorOption, ResolverOptions, UseFormSetError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { applyServerErrors, resolverFailure, splitServerErrors, valuePathMapping } from './form-errors';

type Values = { name: string; lines: { qty: string }[] };
const values: Values = { name: '', lines: [{ qty: '' }, { qty: '' }] };
const ORDER = ['name', 'lines.0.qty', 'lines.1.qty'];

/** What setError was called with, in order. */
function recorder() {
  const calls: { name: string; error: ErrorOption; focus: boolean }[] = [];
  const setError: UseFormSetError<Values> = (name, error, options) =>
    void calls.push({ name, error, focus: options?.shouldFocus ?? false });
  return { calls, setError };
}

describe('splitServerErrors', () => {
  it('puts mapped paths on fields in the form order and names the rest for the summary', () => {
    const split = splitServerErrors(
      {
        'lines.1.qty': ['must not be zero'],
        '(body)': ['The message is not valid.'],
        'extra.other': ['unknown', 'twice'],
        name: ['is required'],
      },
      { ...valuePathMapping(values), orderOf: (f) => ORDER.indexOf(f), labelOf: (p) => `Field ${p}` },
    );
    expect(split.onFields).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'lines.1.qty', message: 'must not be zero' },
    ]);
    expect(split.general).toEqual(['The message is not valid.', 'Field extra.other: unknown twice']);
  });

  it('keeps the server order when the form gives none', () => {
    const split = splitServerErrors({ 'lines.1.qty': ['a'], name: ['b'] }, valuePathMapping(values));
    expect(split.onFields.map((f) => f.field)).toEqual(['lines.1.qty', 'name']);
  });
});

describe('valuePathMapping', () => {
  it('lands a path only where the form has a value to hold it', () => {
    const { fieldOf } = valuePathMapping(values);
    expect(['name', 'lines.0.qty', 'lines.7.qty', 'missing.x', ''].map(fieldOf)).toEqual([
      'name',
      'lines.0.qty',
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('applyServerErrors', () => {
  it('sets each error on its field, focuses only the first, and returns the rest', () => {
    const { calls, setError } = recorder();
    const general = applyServerErrors(
      setError,
      { 'lines.0.qty': ['zero'], name: ['empty'], 'x.y': ['?'] },
      { ...valuePathMapping(values), orderOf: (f) => ORDER.indexOf(f) },
    );
    expect(calls).toEqual([
      { name: 'name', error: { type: 'server', message: 'empty' }, focus: true },
      { name: 'lines.0.qty', error: { type: 'server', message: 'zero' }, focus: false },
    ]);
    expect(general).toEqual(['x.y: ?']);
  });
});

describe('resolverFailure', () => {
  it('keeps the first message per path and nests them as react-hook-form reads them', () => {
    const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };
    const failure = resolverFailure(
      [
        { path: 'lines.1.qty', message: 'first' },
        { path: 'lines.1.qty', message: 'second' },
        { path: 'name', message: 'required', type: 'too_small' },
      ],
      options,
    );
    expect(failure.values).toEqual({});
    expect(failure.errors.lines?.[1]?.qty).toEqual({ type: 'validate', message: 'first' });
    expect(failure.errors.name).toEqual({ type: 'too_small', message: 'required' });
  });
});
