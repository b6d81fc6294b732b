import type { HealthIncident } from '../../contract/console-health.js';
import type { Language } from '../../contract/user-preferences.js';
import { alertText, inLanguage, writtenMoment, type AlertText } from '../i18n/alert-texts.js';

/** What supervisors read of an incident, the same in the console, the e-mail and the chat message, in the reader's language. */
export function healthIncidentMessage(
  incident: HealthIncident,
  silenceMinutes: number,
  consoleUrl: string,
  language: Language = 'en',
): { title: string; text: string } {
  const say = (t: AlertText) => inLanguage(language, t);
  const at = (iso: string) => writtenMoment(language, iso);
  const ended = incident.closedAt !== null;
  const error = incident.lastError ?? alertText('health.noAnswer');
  const title = say(
    incident.kind === 'events-silent'
      ? ended
        ? alertText('health.silent.endedTitle')
        : alertText('health.silent.title', { minutes: silenceMinutes })
      : ended
        ? alertText('health.failing.endedTitle')
        : alertText('health.failing.title', { error }),
  );
  const facts =
    incident.kind === 'events-silent'
      ? [
          incident.lastEventAt
            ? alertText('health.silent.facts', { since: at(incident.since), lastEvent: at(incident.lastEventAt) })
            : alertText('health.silent.factsSinceStart', { since: at(incident.since) }),
          alertText('health.silent.check'),
        ]
      : [alertText('health.failing.facts', { since: at(incident.since), error }), alertText('health.failing.credentials')];
  const lines = [
    title,
    '',
    ...(ended ? [alertText('health.span', { from: at(incident.openedAt), to: at(incident.closedAt ?? '') })] : facts).map(say),
    '',
    say(alertText('health.page', { link: `${consoleUrl}/health` })),
  ];
  return { title, text: lines.join('\n') };
}
