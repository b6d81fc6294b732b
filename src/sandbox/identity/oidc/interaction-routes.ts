import { FORM_MEDIA_TYPE } from '../../../server-kit/http/body-parsers.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { z } from 'zod';
import { OIDC_MOUNT } from './console-client.js';
import { checkDemoCredentials } from './demo-users.js';
import { errorPage, signInPage } from './pages.js';
import { pageLanguage } from './page-language.js';

const uidParams = z.object({ uid: z.string().min(1) });
const loginForm = z.object({ username: z.string().default(''), password: z.string().default('') });

function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * The issuer's own sign-in step (oidc-provider interactions): GET shows the form, POST checks
 * the demo credentials and resumes the authorization request.
 */
export function registerInteractionRoutes(app: FastifyInstance, provider: Provider): void {
  const base = `${OIDC_MOUNT}/interaction/:uid`;

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (e) {
      if (e instanceof errors.SessionNotFound) return undefined;
      throw e;
    }
  };
  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      errorPage({ error: 'The sign-in request has expired or was already completed.', hint: 'Go back to the console and sign in again.' }),
    );

  /** The console is first party: a consent step (not expected, see loadExistingGrant) completes at once. */
  const finishConsent = async (
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Awaited<ReturnType<Provider['interactionDetails']>>,
  ) => {
    const { accountId } = interaction.session ?? {};
    const clientId = z.string().parse(interaction.params.client_id);
    if (!accountId) return expired(reply);
    const grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : new provider.Grant({ accountId, clientId });
    if (!grant) return expired(reply);
    const missing = interaction.prompt.details;
    const scopes = z.array(z.string()).optional().parse(missing.missingOIDCScope);
    if (scopes) grant.addOIDCScope(scopes.join(' '));
    const claims = z.array(z.string()).optional().parse(missing.missingOIDCClaims);
    if (claims) grant.addOIDCClaims(claims);
    const resourceScopes = z.record(z.string(), z.array(z.string())).optional().parse(missing.missingResourceScopes);
    for (const [resource, s] of Object.entries(resourceScopes ?? {})) grant.addResourceScope(resource, s.join(' '));
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return reply.redirect(returnTo, 303);
  };

  app.get(base, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== uid) return expired(reply);
    if (interaction.prompt.name === 'consent') return finishConsent(request, reply, interaction);
    const language = pageLanguage(interaction.params.ui_locales, request.headers['accept-language']);
    return sendHtml(reply, 200, signInPage({ action: `${OIDC_MOUNT}/interaction/${uid}/login`, language }));
  });

  app.post(`${base}/login`, { config: { bodyTypes: [FORM_MEDIA_TYPE] } }, async (request, reply) => {
    const { uid } = uidParams.parse(request.params);
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== uid) return expired(reply);
    const form = loginForm.safeParse(request.body ?? {});
    const username = form.success ? form.data.username : '';
    const user = form.success ? checkDemoCredentials(form.data.username, form.data.password) : undefined;
    const language = pageLanguage(interaction.params.ui_locales, request.headers['accept-language']);
    if (!user)
      return sendHtml(reply, 401, signInPage({ action: `${OIDC_MOUNT}/interaction/${uid}/login`, language, username, failed: true }));
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: user.username } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });
}
