import { createHash } from 'node:crypto';
import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { emailHash } from '#identity/users/user-profile.ts';

/**
 * `/avatars/<md5 of email>.svg`: the default `picture` of every user, a circle with initials. It stands
 * in for Gravatar, which these machines cannot reach. An unknown hash gets a neutral avatar.
 */
export function registerAvatarRoutes(app: FastifyInstance, context: IdentityContext) {
  app.get<{ Params: { file: string } }>('/avatars/:file', async (request, reply) => {
    const match = /^([0-9a-f]{32})\.svg$/.exec(request.params.file);
    if (!match?.[1]) return reply.callNotFound();
    const hash = match[1];
    const user = [...context.store.state.users.values()].find((each) => emailHash(each.email) === hash);
    const initials = user ? initialsOf(user.name, user.email) : '?';
    const hue = Number.parseInt(createHash('sha256').update(hash).digest('hex').slice(0, 4), 16) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeHtml(initials)}">
<circle cx="64" cy="64" r="64" fill="hsl(${hue} 45% 42%)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="52" font-weight="600" fill="#fff">${escapeHtml(initials)}</text>
</svg>`;
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(svg);
  });
}

function initialsOf(name: string, email: string): string {
  const source = name.includes('@') ? (email.split('@')[0] ?? email) : name;
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0], words[words.length - 1]] : [source]).map((word) =>
    [...(word ?? '')].slice(0, words.length > 1 ? 1 : 2).join(''),
  );
  return letters.join('').toUpperCase() || '?';
}
