/**
 * The part of a browser the /authorize and logout checks need: a cookie jar, redirects read rather
 * than followed, and the emulator's sign-in form filled in.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  async get(url: string | URL): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: this.cookieHeader() });
    this.keepCookies(response);
    return response;
  }

  async postForm(url: string | URL, fields: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...this.cookieHeader() },
      body: new URLSearchParams(fields).toString(),
    });
    this.keepCookies(response);
    return response;
  }

  /**
   * Opens an /authorize URL; when it shows the sign-in page, signs in with the password. Answers the
   * final response (a redirect to the callback, or a page) and whether a sign-in form was shown.
   */
  async authorize(
    url: URL,
    credentials: { email: string; password: string },
  ): Promise<{ response: Response; showedSignIn: boolean }> {
    const first = await this.get(url);
    if (first.status !== 200) return { response: first, showedSignIn: false };
    const html = await first.text();
    const hidden = (name: string) =>
      decodeEntities(html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]);
    const authorize = hidden('authorize');
    if (!authorize || !html.includes('action="/authorize/login"')) {
      return {
        response: new Response(html, { status: first.status, headers: first.headers }),
        showedSignIn: false,
      };
    }
    const response = await this.postForm(new URL('/authorize/login', url), {
      authorize,
      csrf: hidden('csrf') ?? '',
      action: 'continue',
      ...credentials,
    });
    return { response, showedSignIn: true };
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const isExpired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) ||
          (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1] ?? '') < Date.now()),
      );
      if (!value || isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function decodeEntities(value: string | undefined): string | undefined {
  return value
    ?.replace(/&#(\d+);/g, (_entity, code) => String.fromCharCode(Number(code)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The parameters of a redirect's fragment (implicit flow) or query (errors of logout). */
export function fragmentOf(response: Response): URLSearchParams {
  const location = response.headers.get('location') ?? '';
  return new URLSearchParams(URL.canParse(location) ? new URL(location).hash.slice(1) : '');
}
