import type { FastifyRequest } from 'fastify';
import { acceptedLanguage } from '../../contract/accept-language.js';
import type { Language } from '../../contract/user-preferences.js';
import type { ProblemInit } from '../../server-kit/http/problem.js';
import de from './locales/de/problems.json' with { type: 'json' };
import en from './locales/en/problems.json' with { type: 'json' };
import fr from './locales/fr/problems.json' with { type: 'json' };
import nl from './locales/nl/problems.json' with { type: 'json' };
import { formatText, type Text } from './messages.js';

/** The BFF's own problem texts, by key (locales/<language>/problems.json); English is the reference. */
export type ProblemKey = keyof typeof en;
const PROBLEM_CATALOGS: Readonly<Record<Language, Readonly<Record<ProblemKey, string>>>> = { en, nl, fr, de };

/** A problem text with typed keys (nested texts included). */
export interface ProblemText extends Text {
  key: ProblemKey;
  values?: Readonly<Record<string, string | number | ProblemText>>;
}

export const text = (key: ProblemKey, values?: ProblemText['values']): ProblemText => (values ? { key, values } : { key });

/** `text` in `language`; undefined when the key is not the BFF's (a shared text the catalog lacks). */
export const problemMessage = (language: Language, t: Text): string | undefined => formatText(PROBLEM_CATALOGS[language], language, t);

/** A text of the BFF's own (its key is in every catalog: the types and the catalog test hold to it). */
export const ownMessage = (language: Language, t: ProblemText): string => problemMessage(language, t) ?? t.key;

/** The language a request asks for (Accept-Language among en, nl, fr, de), else English. */
export const requestLanguage = (request: FastifyRequest): Language => acceptedLanguage(request.headers['accept-language']) ?? 'en';

const english = (t: ProblemText): string => ownMessage('en', t);

/**
 * A problem the BFF writes itself: English in `detail` (logs, callers that read it) and the keys,
 * so that BFF_PROBLEMS answers it in the request's language.
 */
export function bffProblem(
  status: number,
  detail: ProblemText,
  options: { title?: ProblemText } & Pick<ProblemInit, 'invalidParameters'> = {},
): ProblemInit {
  return {
    status,
    detail: english(detail),
    ...(options.title ? { title: english(options.title) } : {}),
    ...(options.invalidParameters ? { invalidParameters: options.invalidParameters } : {}),
    text: { detail, ...(options.title ? { title: options.title } : {}) },
  };
}

/** "a or b or c" in the language it is written in (names stay as they are). */
export const eitherOf = (names: readonly string[]): ProblemText | string => {
  const [first = '', ...rest] = names;
  return rest.length ? text('list.or', { first, rest: eitherOf(rest) }) : first;
};
