import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { splitServerErrors } from '../../../../lib/form-errors';
import { createItemErrorMapping, createItemFormSchema, itemServerErrors, nextFreeJurisdiction, toCreateBody } from './create-item-form';

const serverFieldErrors = (error: unknown) => splitServerErrors(itemServerErrors(error), createItemErrorMapping);

const base = { externalReference: 'SKU-1', description: 'Mug', origin: '', assignedClassifications: [] };

describe('createItemFormSchema', () => {
  it('accepts a minimal item and an empty origin', () => {
    expect(createItemFormSchema.safeParse(base).success).toBe(true);
  });
  it('rejects a lower-case origin, a bad code and a repeated jurisdiction', () => {
    const r = createItemFormSchema.safeParse({
      ...base,
      origin: 'de',
      assignedClassifications: [
        { jurisdiction: 'EU', code: '1234', comment: '' },
        { jurisdiction: 'EU', code: '12345678', comment: '' },
      ],
    });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['origin', 'assignedClassifications.0.code', 'assignedClassifications.1.jurisdiction']));
  });
  it('rejects a blank description', () => {
    expect(createItemFormSchema.safeParse({ ...base, description: '   ' }).success).toBe(false);
  });
});

describe('toCreateBody', () => {
  it('leaves out an empty origin and empty comments', () => {
    expect(
      toCreateBody({
        ...base,
        externalReference: ' SKU-1 ',
        assignedClassifications: [{ jurisdiction: 'CH', code: '12345678', comment: ' ' }],
      }),
    ).toEqual({ externalReference: 'SKU-1', description: 'Mug', assignedClassifications: [{ jurisdiction: 'CH', code: '12345678' }] });
    expect(toCreateBody({ ...base, origin: 'DE' })).toMatchObject({ origin: 'DE' });
  });
});

describe('nextFreeJurisdiction', () => {
  it('picks the first jurisdiction not taken', () => {
    expect(nextFreeJurisdiction([])).toBe('EU');
    expect(nextFreeJurisdiction(['EU', 'UK'])).toBe('US');
    expect(nextFreeJurisdiction(['EU', 'UK', 'US', 'CH'])).toBeUndefined();
  });
});

describe('server field errors of item creation', () => {
  it('puts a 409 on externalReference', () => {
    const error = new ApiError({ status: 409, message: 'conflict', problem: { status: 409, title: 'Conflict' } });
    expect(serverFieldErrors(error).onFields).toEqual([{ field: 'externalReference', message: 'Already in use by another item.' }]);
  });
  it('maps RFC 9457 errors to form fields and keeps the rest', () => {
    const error = new ApiError({
      status: 400,
      message: 'bad',
      problem: { errors: { 'assignedClassifications.0.code': ['Bad code.'], 'images.0': ['Undecodable.'] } },
    });
    expect(serverFieldErrors(error)).toEqual({
      onFields: [{ field: 'assignedClassifications.0.code', message: 'Bad code.' }],
      general: ['images.0: Undecodable.'],
    });
  });
  it('ignores other errors', () => {
    expect(serverFieldErrors(new Error('x'))).toEqual({ onFields: [], general: [] });
  });
});
