// A small OpenTelemetry collector for the tests and benchmarks (no Docker here): an OTLP/HTTP receiver on
// loopback. It keeps the spans of OTLP/JSON posts (OTEL_EXPORTER_OTLP_PROTOCOL=http/json), flattened to
// one object a span; a protobuf post (the SDK's default protocol) is read and discarded, which is all a
// benchmark needs. The encoding: https://opentelemetry.io/docs/specs/otlp/#otlphttp (JSON: ids as hex,
// enum values as integers, 64-bit integers possibly as strings).
import http from 'node:http';

/** An OTLP attribute's value, as JSON carries it. */
function attributeValue(value) {
  if (!value || typeof value !== 'object') return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(attributeValue);
  return undefined;
}

const attributesOf = (list = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, attributeValue(value)]));

/** The spans of one ExportTraceServiceRequest, each with its resource's and scope's names. */
function spansOf(request) {
  return (request.resourceSpans ?? []).flatMap(({ resource, scopeSpans = [] }) => {
    const resourceAttributes = attributesOf(resource?.attributes);
    return scopeSpans.flatMap(({ scope, spans = [] }) =>
      spans.map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        scope: scope?.name,
        service: resourceAttributes['service.name'],
        instance: resourceAttributes['service.instance.id'],
        statusCode: span.status?.code ?? 0,
      })),
    );
  });
}

/**
 * Starts the receiver on a free port of loopback. `endpoint` is the base URL to give as
 * OTEL_EXPORTER_OTLP_ENDPOINT; `spans` holds what arrived so far.
 */
export async function startOtlpReceiver() {
  /** @type {ReturnType<typeof spansOf>} */
  const spans = [];
  let posts = 0;
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      posts += 1;
      const isJson = (request.headers['content-type'] ?? '').startsWith('application/json');
      if (request.method === 'POST' && request.url === '/v1/traces' && isJson) {
        try {
          spans.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        } catch {
          response.writeHead(400).end();
          return;
        }
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': isJson ? 'application/json' : 'application/x-protobuf' });
      response.end(isJson ? '{}' : '');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    /** How many exports arrived, whatever their encoding. */
    posts: () => posts,
    /** The spans of one trace. */
    trace: (traceId) => spans.filter((span) => span.traceId === traceId),
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
