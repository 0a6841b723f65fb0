import type {
  AccountViewing,
  AuditEntry,
  Customer,
  CustomerWorkspace,
  GrantedCredit,
  Impersonation,
  ImpersonationSetting,
  OperatorSession,
} from '@launchkit/api-contract';
import { apiRequest } from './api.ts';

// The back office's calls (docs/operations.md), and the person's side of it in Settings → Security.

export type { AccountViewing, AuditEntry, Customer, CustomerWorkspace, OperatorSession };

const done = { method: 'POST' } as const;
const ws = (id: string) => `admin/workspaces/${encodeURIComponent(id)}`;
const person = (id: string) => `admin/people/${encodeURIComponent(id)}`;

export const getOperatorSession = (signal?: AbortSignal) =>
  apiRequest<OperatorSession>('admin/session', { signal });

export const searchCustomers = (q: string) =>
  apiRequest<{ customers: Customer[] }>(`admin/customers?q=${encodeURIComponent(q)}`);

export const getCustomerWorkspace = (id: string, signal?: AbortSignal) =>
  apiRequest<CustomerWorkspace>(ws(id), { signal });

export const listOperatorAudit = (workspace?: string, signal?: AbortSignal) =>
  apiRequest<{ entries: AuditEntry[] }>(
    workspace ? `admin/audit?workspace=${encodeURIComponent(workspace)}` : 'admin/audit',
    { signal },
  );

export const extendTrial = (id: string, days: number, reason: string) =>
  apiRequest<{ trialEnd: string }>(`${ws(id)}/trial`, { ...done, body: { days, reason } });

export const grantCredit = (id: string, amount: number, reason: string) =>
  apiRequest<GrantedCredit>(`${ws(id)}/credit`, { ...done, body: { amount, reason } });

export const setLock = (id: string, isLocked: boolean, reason: string) =>
  apiRequest(`${ws(id)}/${isLocked ? 'lock' : 'unlock'}`, { ...done, body: { reason } });

export const disableWebhookEndpoint = (id: string, endpoint: string, reason: string) =>
  apiRequest(`${ws(id)}/webhook-endpoints/${encodeURIComponent(endpoint)}/disable`, {
    ...done,
    body: { reason },
  });

export const resendVerificationEmail = (id: string, reason: string) =>
  apiRequest(`${person(id)}/verification-email`, { ...done, body: { reason } });

export const endSessions = (id: string, reason: string) =>
  apiRequest(`${person(id)}/sessions/end`, { ...done, body: { reason } });

export const startImpersonation = (body: { person: string; reason: string; legalReason?: string }) =>
  apiRequest<Impersonation>('admin/impersonations', { ...done, body });

export const endImpersonation = (id: string) =>
  apiRequest(`admin/impersonations/${encodeURIComponent(id)}/end`, done);

export const listAccountViewings = (signal?: AbortSignal) =>
  apiRequest<{ viewings: AccountViewing[] }>('account/viewings', { signal });

export const getImpersonationSetting = (signal?: AbortSignal) =>
  apiRequest<ImpersonationSetting>('workspace/impersonation', { signal });

export const setImpersonationSetting = (forbidsImpersonation: boolean) =>
  apiRequest<ImpersonationSetting>('workspace/impersonation', {
    method: 'PATCH',
    body: { forbidsImpersonation },
  });
