import { AppError } from '#api/http/app-error.ts';
import { checkTargetUrl, resolveTarget, type TargetPolicy, TargetRefused } from './webhook-targets.ts';

/**
 * An endpoint's address as registered: its form for the mode and, in production, where its host
 * resolves now (every delivery checks again: the answer may change).
 */
export async function checkEndpointUrl(url: string, policy: TargetPolicy): Promise<string> {
  try {
    const checked = checkTargetUrl(url, policy);
    if (policy.mode === 'production') await resolveTarget(checked, policy);
    return checked.href;
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    throw new AppError(400, 'webhooks/url-refused', error.message, { url: error.message });
  }
}
