import type { OpenApiDocument } from './openapi.ts';

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: unknown[];
  'x-development-only'?: boolean;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content: Record<string, { schema: unknown }> }>;
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** `code` spans of the document's Markdown-ish texts; everything else stays text. */
const prose = (value: string) => escapeHtml(value).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The page's only style sheet, inline: a server may allow it by its hash (no script is ever needed). */
export const referencePageStyles = `
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:2rem 1rem;color:#1e293b;line-height:1.5}
h2{border-bottom:1px solid #e2e8f0;margin-top:2.5rem}.operation{border:1px solid #e2e8f0;border-radius:.5rem;padding:0 1.25rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5rem;font-size:.8rem;padding:.1rem .4rem;border-radius:.25rem;background:#e2e8f0;text-align:center}
.get{background:#dbeafe}.post{background:#dcfce7}.patch{background:#fef3c7}.delete{background:#fee2e2}
pre{background:#f8fafc;border:1px solid #e2e8f0;padding:.75rem;overflow:auto;font-size:.8rem}
table{border-collapse:collapse;font-size:.9rem}td,th{border:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;vertical-align:top}
.meta,.type{color:#475569;font-size:.85rem}dt{font-weight:600;margin-top:.5rem}a{color:#4338ca}
`;

const componentAnchor = (name: string) => `schema-${name}`;

/** A schema as indented JSON, each reference to a component a link to it. */
const schemaBlock = (schema: unknown) =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2)).replace(
    /&#34;#\/components\/schemas\/([\w.-]+)&#34;/g,
    (_match, name: string) => `<a href="#${componentAnchor(name)}">${name}</a>`,
  )}</pre>`;

const authOf = (operation: Operation) => {
  if (operation.security.length > 1) return 'Bearer access token or API key';
  if (operation.security.length > 0) return 'Bearer access token';
  if (operation.parameters?.some((parameter) => parameter.name === 'stripe-signature'))
    return 'Stripe-Signature';
  return 'none';
};

function renderOperation(method: string, path: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content['application/json'];
  return `<section class="operation" id="${escapeHtml(operation.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(operation.summary)}${operation['x-development-only'] ? ' <em>(development only)</em>' : ''}</p>
${operation.description ? `<p>${prose(operation.description)}</p>` : ''}
<p class="meta">Authentication: ${authOf(operation)} · operationId <code>${escapeHtml(operation.operationId)}</code></p>
${
  parameters.length > 0
    ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escapeHtml(parameter.name)}</code>${parameter.description ? `<br>${prose(parameter.description)}` : ''}</td><td>${parameter.in}</td><td>${parameter.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${body ? `<h4>Request body (application/json)</h4>${schemaBlock(body.schema)}` : ''}
<h4>Answers</h4>
<dl>${Object.entries(operation.responses)
    .map(([status, response]) => {
      const [contentType, media] = Object.entries(response.content)[0] ?? [];
      const isError = Number(status) >= 400;
      return `<dt>${status} <span class="type">${escapeHtml(contentType ?? '')}</span></dt><dd>${prose(response.description)}${
        media && !isError ? schemaBlock(media.schema) : ''
      }</dd>`;
    })
    .join('')}</dl>
</section>`;
}

/**
 * The OpenAPI document as one plain HTML page, without any script (the server's CSP forbids inline
 * ones and no CDN is involved): endpoints by tag, then the schemas they refer to.
 */
export function renderReferencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations) as [string, Operation][]) {
      const tag = operation.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
    }
  }
  const contents = [...byTag.keys()]
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag.replaceAll(' ', '-'))}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const sections = [...byTag.entries()]
    .map(
      ([tag, operations]) =>
        `<h2 id="tag-${escapeHtml(tag.replaceAll(' ', '-'))}">${escapeHtml(tag)}</h2>\n${operations.join('\n')}`,
    )
    .join('\n');
  const components = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<section id="${componentAnchor(name)}"><h3><code>${escapeHtml(name)}</code></h3>${schemaBlock(schema)}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>${referencePageStyles}</style></head>
<body><main><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${prose(document.info.description)}</p>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<nav><ul>${contents}<li><a href="#schemas">Schemas</a></li></ul></nav>
${sections}
<h2 id="schemas">Schemas</h2>
${components}
</main></body></html>`;
}
