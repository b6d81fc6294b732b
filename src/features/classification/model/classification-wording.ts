import type { TFunction } from '../../../lib/i18n/message-keys';
import { JURISDICTIONS, type Jurisdiction } from '../../../contract/scopes';
import type { FileProblem } from './item/image-files';
import { activeLocale } from '../../../lib/i18n/active-locale';

/** The classification pages' wording comes from the `classification` catalog in the console's language. */
type T = TFunction<'classification'>;

const isJurisdiction = (value: string | undefined): value is Jurisdiction => JURISDICTIONS.some((j) => j === value);

/** A jurisdiction's code format ("8 digits (CN) or 10 (TARIC)"), as CODE_FORMAT_HINTS writes it in English. */
export const codeFormatHint = (jurisdiction: Jurisdiction, t: T): string => t(`hints.${jurisdiction}`);

/** A score out of 10 with one decimal, written as the console's language writes numbers ("7.5", "7,5"); missing: "—". */
export const scoreText = (score: number | null | undefined): string =>
  score === null || score === undefined
    ? '—'
    : new Intl.NumberFormat(activeLocale() === 'en' ? 'en-GB' : activeLocale(), {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(score);

const KNOWN = {
  'Must not be blank.': 'blank',
  'Must be an ISO 3166-1 alpha-2 country code (two upper-case letters, e.g. DE).': 'origin',
  'Already in use by another item.': 'referenceTaken',
  'Required.': 'required',
  'Unknown field.': 'unknownField',
} as const;
const isKnown = (message: string): message is keyof typeof KNOWN => Object.hasOwn(KNOWN, message);
const MAX_LENGTH = /^At most (\d+) characters\.$/;
const CODE_FORMAT = /^(\w+) codes have .+\.$/;
const DUPLICATE = /^At most one assigned classification per jurisdiction \((\w+) repeats\)\.$/;

/**
 * A field's message in the console's language. The contract's schemas (which the sandbox checks
 * with too, so its RFC 9457 field errors read the same) write their messages in English; those are
 * shown translated. Any other message (zod's own, already in the language) is shown as it is.
 */
export function validationText(message: string | undefined, t: T): string | undefined {
  if (message === undefined) return undefined;
  if (isKnown(message)) return t(`validation.${KNOWN[message]}`);
  const max = MAX_LENGTH.exec(message)?.[1];
  if (max) return t('validation.maxLength', { max: Number(max) });
  const format = CODE_FORMAT.exec(message)?.[1];
  if (isJurisdiction(format)) return t('validation.codeFormat', { jurisdiction: format, hint: codeFormatHint(format, t) });
  const duplicate = DUPLICATE.exec(message)?.[1];
  if (duplicate) return t('validation.duplicateJurisdiction', { jurisdiction: duplicate });
  return message;
}

/** Why a file was not added, in the console's language ("a.tiff: not an accepted type (…)."). */
export function fileProblemText(problem: FileProblem, t: T): string {
  switch (problem.kind) {
    case 'notAccepted':
      return t('upload.notAccepted', { name: problem.name });
    case 'empty':
      return t('upload.empty', { name: problem.name });
    case 'tooLarge':
      return t('upload.tooLarge', { name: problem.name, megabytes: problem.megabytes });
  }
}
