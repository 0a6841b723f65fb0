// The account page's script (compiled to dist/my-account.js). It shows account data only when the
// API, verifying the stored access token, answers for the very uid the page was opened with.
// The answers' types come from @launchkit/api-contract as types only: the build erases them.
import type { BillingSession, BillingSessionRequest, Member } from '@launchkit/api-contract';
import {
  type AccountDocument,
  type AccountView,
  accessTokenFrom,
  accountTokenFrom,
  accountView,
  errorMessageOf,
  type PlanNames,
} from './account-format.ts';

const tokenKey = 'auth0_access_token';
const requestTimeoutMs = 15_000;

type ApiAnswer = { ok: boolean; status: number; body: unknown };
type PageState = 'loading' | 'signed-out' | 'account';

const app = document.querySelector<HTMLElement>('[data-account-app]');
if (app) {
  // Whatever goes wrong, the page never stays on "Loading" and never shows half an account.
  start(app).catch((error: unknown) => {
    console.warn('The account could not be shown:', error);
    show(app, 'signed-out');
  });
}

async function start(root: HTMLElement) {
  const accountToken = accountTokenFrom(window.location.search);
  const token = accessTokenFrom(readStorage(tokenKey));
  if (!accountToken || !token) return show(root, 'signed-out');

  const userAnswer = await callApi('/api/user', token);
  const user = userAnswer.ok ? dataOf<AccountDocument>(userAnswer.body) : null;
  if (!user || user.uid !== accountToken) {
    // A refused token, another user's uid or a server that cannot answer: no account data either way.
    const isSignInProblem = userAnswer.status === 401 || userAnswer.ok;
    if (!isSignInProblem) {
      setText(
        root,
        'loadError',
        errorMessageOf(userAnswer.body, 'Your account could not be loaded just now. Try again shortly.'),
      );
      field(root, 'loadError').hidden = false;
    }
    return show(root, 'signed-out');
  }

  // "sub-users": the API's path since the first release; the domain's word is member.
  const membersAnswer = await callApi('/api/sub-users', token);
  const members = membersAnswer.ok ? dataOf<Member[]>(membersAnswer.body) : null;
  const view = accountView(user, Array.isArray(members) ? members.length : null, planNamesOf(root));
  renderAccount(root, view);
  field<HTMLButtonElement>(root, 'manageBilling').addEventListener('click', (event) => {
    void openBillingPortal(root, event.currentTarget as HTMLButtonElement, token);
  });
  show(root, 'account');
}

function renderAccount(root: HTMLElement, view: AccountView) {
  setText(root, 'email', view.email);
  setText(root, 'plan', view.plan);
  setText(root, 'status', view.status);
  field(root, 'status').dataset.tone = view.statusTone;
  // Without a plan the Plan row says so; a Status row would only say it again.
  field(root, 'statusRow').hidden = view.statusTone === 'none';
  setText(root, 'seats', view.seats);
  const meter = field<HTMLProgressElement>(root, 'seatsMeter');
  if (view.seatsUsed !== null && view.seatsLimit > 0) {
    meter.max = view.seatsLimit;
    meter.value = Math.min(view.seatsUsed, view.seatsLimit);
    meter.hidden = false;
  }
  field(root, 'dateRow').hidden = view.date === null;
  if (view.date) {
    setText(root, 'dateLabel', view.date.label);
    setText(root, 'date', view.date.value);
  }
  // Without a paid-up plan the pricing page comes first; the billing portal stays for invoices.
  field(root, 'choosePlan').hidden = !view.canChoosePlan;
  if (view.canChoosePlan) {
    setText(
      root,
      'footerText',
      'Choose a plan to add seats for your team. Past invoices and your card are in the billing portal.',
    );
  }
  const manage = field(root, 'manageBilling');
  manage.classList.toggle('button--primary', !view.canChoosePlan);
  manage.classList.toggle('button--outline', view.canChoosePlan);
}

/** POST /api/stripe-create-billing-session, then the top window goes to the billing portal. */
async function openBillingPortal(root: HTMLElement, button: HTMLButtonElement, token: string) {
  const alert = field(root, 'billingError');
  alert.textContent = '';
  setBusy(root, button, true);
  const answer = await callApi('/api/stripe-create-billing-session', token, {
    method: 'POST',
    body: { returnUrl: `${topOrigin()}/myAccount` } satisfies BillingSessionRequest,
  });
  const url = answer.ok ? dataOf<Partial<BillingSession>>(answer.body)?.url : undefined;
  if (typeof url === 'string' && url) {
    // The button stays busy while the top window leaves for the portal.
    (window.top ?? window).location.href = url;
    return;
  }
  setBusy(root, button, false);
  alert.textContent = errorMessageOf(
    answer.body,
    answer.status === 0
      ? 'The billing portal could not be reached. Check your connection and try again.'
      : 'The billing portal could not be opened. Try again shortly.',
  );
}

function setBusy(root: HTMLElement, button: HTMLButtonElement, busy: boolean) {
  button.disabled = busy;
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  setText(root, 'manageBillingLabel', busy ? 'Opening billing…' : 'Manage billing');
}

/** One API call with the bearer token; a network failure or timeout answers status 0. */
async function callApi(
  path: string,
  token: string,
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'omit',
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const body: unknown = await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/** The `data` of a success envelope `{status: 'success', data}`, else null. */
function dataOf<T>(body: unknown): T | null {
  if (!body || typeof body !== 'object') return null;
  const envelope = body as { status?: unknown; data?: unknown };
  return envelope.status === 'success' && envelope.data !== undefined ? (envelope.data as T) : null;
}

function show(root: HTMLElement, state: PageState) {
  for (const section of root.querySelectorAll<HTMLElement>('[data-state]')) {
    section.hidden = section.dataset.state !== state;
  }
}

function field<T extends HTMLElement = HTMLElement>(root: HTMLElement, name: string): T {
  const element = root.querySelector<T>(`[data-field="${name}"]`);
  if (!element) throw new Error(`myAccount.html has no [data-field="${name}"]`);
  return element;
}

const setText = (root: HTMLElement, name: string, text: string) => {
  field(root, name).textContent = text;
};

function planNamesOf(root: HTMLElement): PlanNames {
  try {
    return JSON.parse(root.dataset.planNames ?? '{}') as PlanNames;
  } catch {
    return {};
  }
}

/** Storage can be unavailable in a frame (privacy settings): then there is no session to read. */
function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The origin of the app around the frame (the same origin), or this page's when opened on its own. */
function topOrigin(): string {
  try {
    return window.top?.location.origin ?? window.location.origin;
  } catch {
    return window.location.origin;
  }
}
