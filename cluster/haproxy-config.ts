// The load balancer of the cluster test, and the model for deploy/haproxy.cfg: TLS ends here, each
// request goes to the next ready instance, and Server-Sent Events pass through unbuffered.
export function haproxyConfig(options: {
  bind: string;
  /** A plain-http listener on loopback too (benchmark clients), beside the TLS one. */
  plainBind?: string;
  certificateBundle: string;
  servers: { name: string; address: string }[];
}) {
  return `global
  maxconn 4096

defaults
  mode http
  option forwardfor
  option http-server-close
  timeout connect 2s
  timeout client 75s
  # Live lists send a comment every 25 s; a quieter stream is dead.
  timeout server 75s
  timeout http-request 15s
  timeout http-keep-alive 60s
  timeout queue 10s
  # A request to an instance that died before answering goes to another one.
  retries 2
  option redispatch
  retry-on conn-failure empty-response

frontend web
  bind ${options.bind} ssl crt ${options.certificateBundle} alpn http/1.1
${options.plainBind ? `  bind ${options.plainBind}\n` : ''}  http-request set-header X-Forwarded-Proto https
  # Operators scrape /metrics on each instance directly; visitors never reach it.
  http-request deny deny_status 404 if { path /metrics }
  # W3C trace context (docs/tracing.md): a request that arrives without a traceparent gets one here, so
  # the instance's spans, its log lines and its error answer share one trace id from the edge on; a
  # caller's own traceparent (an upstream service that traces) is passed on as it came.
  http-request set-header traceparent "00-%[uuid(4),word(1,-)]%[uuid(4),word(2,-)]%[uuid(4),word(3,-)]%[uuid(4),word(4,-)]%[uuid(4),word(5,-)]-%[uuid(4),word(1,-)]%[uuid(4),word(2,-)]%[uuid(4),word(4,-)]-01" unless { req.hdr(traceparent) -m found }
  default_backend app

backend app
  balance roundrobin
  # …but a write is never sent twice: an instance may have committed it before it died.
  http-request disable-l7-retry unless METH_GET
  # /readyz turns 503 as soon as an instance starts draining, so no new request is sent to it.
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 1 rise 2
${options.servers.map((server) => `  server ${server.name} ${server.address} check`).join('\n')}
`;
}
